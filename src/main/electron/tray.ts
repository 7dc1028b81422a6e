import { Menu, Tray, nativeImage } from 'electron';
import { trayMenuTemplate, trayTooltip, type TrayActions, type TrayLabels, type TrayStatus } from '../shell/tray-menu';

export interface FaxDeskTray {
  /** the task tracker's counts of faxes in progress and failed (null: nothing to report) */
  setStatus(status: TrayStatus | null): void;
  setLabels(labels: TrayLabels): void;
  destroy(): void;
}

export function createTray(iconPath: string, labels: TrayLabels, actions: TrayActions): FaxDeskTray {
  // tray.png is 16 px; nativeImage picks up tray@2x.png next to it on HiDPI screens
  const icon = nativeImage.createFromPath(iconPath);
  const tray = new Tray(icon);
  let status: TrayStatus | null = null;
  let current = labels;
  const render = () => {
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(current, actions, status)));
    tray.setToolTip(trayTooltip(status, current));
  };
  // Windows and Linux users expect a click on the icon to bring the window back
  tray.on('click', () => actions.open());
  render();
  return {
    setStatus(next) {
      status = next;
      render();
    },
    setLabels(next) {
      current = next;
      render();
    },
    destroy: () => tray.destroy(),
  };
}
