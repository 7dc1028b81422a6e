/**
 * The tray menu as plain data, so it is testable without Electron; tray.ts
 * builds the real Tray from it.
 */
export interface TrayItemSpec {
  label?: string;
  type?: 'separator';
  enabled?: boolean;
  click?: () => void;
}

export interface TrayLabels {
  newFax: string;
  open: string;
  quit: string;
  /** e.g. "2 faxes sending", from the tracker's TrayStatus */
  sending: (n: number) => string;
  failed: (n: number) => string;
}

export interface TrayActions {
  newFax(): void;
  open(): void;
  quit(): void;
}

/**
 * What the tray shows about work in progress, from the task tracker. With
 * nothing to report the menu is just the three actions.
 */
export interface TrayStatus {
  sending: number;
  failed: number;
}

export const englishTrayLabels: TrayLabels = {
  newFax: 'New Fax',
  open: 'Open FaxDesk',
  quit: 'Quit FaxDesk',
  sending: (n) => (n === 1 ? '1 fax sending' : `${n} faxes sending`),
  failed: (n) => (n === 1 ? '1 fax failed' : `${n} faxes failed`),
};

export const chineseTrayLabels: TrayLabels = {
  newFax: '新建传真',
  open: '打开 FaxDesk',
  quit: '退出 FaxDesk',
  sending: (n) => `${n} 份传真发送中`,
  failed: (n) => `${n} 份传真失败`,
};

export function trayMenuTemplate(labels: TrayLabels, actions: TrayActions, status: TrayStatus | null = null): TrayItemSpec[] {
  const info: TrayItemSpec[] = [];
  if (status && status.sending > 0) info.push({ label: labels.sending(status.sending), enabled: false });
  if (status && status.failed > 0) info.push({ label: labels.failed(status.failed), click: () => actions.open() });
  return [
    ...info,
    ...(info.length ? [{ type: 'separator' as const }] : []),
    { label: labels.newFax, click: () => actions.newFax() },
    { label: labels.open, click: () => actions.open() },
    { type: 'separator' },
    { label: labels.quit, click: () => actions.quit() },
  ];
}

export function trayTooltip(status: TrayStatus | null, labels: TrayLabels): string {
  const parts = ['FaxDesk'];
  if (status?.sending) parts.push(labels.sending(status.sending));
  if (status?.failed) parts.push(labels.failed(status.failed));
  return parts.join(' — ');
}
