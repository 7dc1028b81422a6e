/**
 * The application menu as plain data, so its shortcuts are testable without
 * Electron. The entry turns it into Menu.buildFromTemplate().
 */
export interface MenuLabels {
  file: string;
  newFax: string;
  open: string;
  pasteNumbers: string;
  refresh: string;
  settings: string;
  quit: string;
  edit: string;
  view: string;
  window: string;
  help: string;
}

export interface MenuActions {
  navigate(route: string): void;
  openDocuments(): void;
  quit(): void;
}

export interface MenuItemSpec {
  label?: string;
  role?: string;
  accelerator?: string;
  type?: 'separator';
  click?: () => void;
  submenu?: MenuItemSpec[];
}

export const englishMenuLabels: MenuLabels = {
  file: 'File',
  newFax: 'New Fax',
  open: 'Open Document…',
  pasteNumbers: 'Paste Numbers',
  refresh: 'Refresh',
  settings: 'Settings…',
  quit: 'Quit',
  edit: 'Edit',
  view: 'View',
  window: 'Window',
  help: 'Help',
};

export const chineseMenuLabels: MenuLabels = {
  file: '文件',
  newFax: '新建传真',
  open: '打开文档…',
  pasteNumbers: '粘贴号码',
  refresh: '刷新',
  settings: '设置…',
  quit: '退出',
  edit: '编辑',
  view: '视图',
  window: '窗口',
  help: '帮助',
};

export function menuTemplate(labels: MenuLabels, actions: MenuActions, isMac: boolean): MenuItemSpec[] {
  return [
    {
      label: labels.file,
      submenu: [
        { label: labels.newFax, accelerator: 'CmdOrCtrl+N', click: () => actions.navigate('send') },
        { label: labels.open, accelerator: 'CmdOrCtrl+O', click: () => actions.openDocuments() },
        { label: labels.pasteNumbers, accelerator: 'CmdOrCtrl+Shift+V', click: () => actions.navigate('send/paste') },
        { type: 'separator' },
        { label: labels.settings, accelerator: 'CmdOrCtrl+,', click: () => actions.navigate('settings') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { label: labels.quit, accelerator: 'CmdOrCtrl+Q', click: () => actions.quit() },
      ],
    },
    { label: labels.edit, role: 'editMenu' },
    {
      label: labels.view,
      submenu: [
        { label: labels.refresh, accelerator: 'CmdOrCtrl+R', click: () => actions.navigate('refresh') },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { label: labels.window, role: 'windowMenu' },
  ];
}
