import type { DocumentsOffered } from '../../shared/intake/types';
import type { NotifyLanguage } from '../notify/text';

/**
 * Recipients at print time, as Winprint HylaFAX and YajHFC pop up their send
 * dialog: when a document arrives from the printer or the hot folder, the
 * window comes forward (the window itself opens the Send screen with it, or,
 * while the user is typing on another screen, says so without switching). When the user keeps FaxDesk in the
 * tray and the window is not on screen, a notification says so instead, and
 * clicking it brings the window up. Documents opened with FaxDesk raise the
 * window through open-handlers already.
 */
export interface ArrivalWindow {
  /** the main window is on screen (shown and not minimized) */
  isOnScreen(): boolean;
  /** restore, show and focus it (creating it if it was closed) */
  show(): void;
}

export interface ArrivalNotification {
  title: string;
  body: string;
  onClick(): void;
}

export interface PrintArrivalOptions {
  window: ArrivalWindow;
  /** the user's "keep FaxDesk in the tray when closed" choice, with a tray present */
  keepInTray(): boolean;
  language(): NotifyLanguage;
  notify(n: ArrivalNotification): void;
}

export function arrivalText(offered: DocumentsOffered, lang: NotifyLanguage): { title: string; body: string } {
  const docs = offered.documents.filter((d) => d.source === 'print' || d.source === 'hot-folder');
  const printed = docs.filter((d) => d.source === 'print');
  const names = docs.map((d) => d.name).join(', ');
  const clipped = names.length > 120 ? `${names.slice(0, 119)}…` : names;
  if (offered.waitingPrinted) {
    return lang === 'zh-CN'
      ? { title: `有 ${offered.waitingPrinted} 个打印的文档在等待`, body: `在 FaxDesk 未运行时打印：${clipped}。点击以发送传真。` }
      : {
          title: offered.waitingPrinted === 1 ? '1 printed document is waiting' : `${offered.waitingPrinted} printed documents are waiting`,
          body: `Printed while FaxDesk was not running: ${clipped}. Click to fax.`,
        };
  }
  if (lang === 'zh-CN') return { title: printed.length ? '打印的文档可以发送传真了' : '热文件夹中有新文档', body: `${clipped}。点击选择收件人。` };
  return { title: printed.length ? 'Printed document ready to fax' : 'New document in the hot folder', body: `${clipped}. Click to choose the recipients.` };
}

/** Listener for IntakeQueue.onOffered. */
export function createPrintArrivalHandler(options: PrintArrivalOptions): (offered: DocumentsOffered) => void {
  return (offered) => {
    if (!offered.documents.some((d) => d.source === 'print' || d.source === 'hot-folder')) return;
    if (options.window.isOnScreen() || !options.keepInTray()) {
      options.window.show();
      return;
    }
    const text = arrivalText(offered, options.language());
    options.notify({ ...text, onClick: () => options.window.show() });
  };
}
