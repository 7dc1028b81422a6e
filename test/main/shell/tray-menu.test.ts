import { describe, expect, it, vi } from 'vitest';
import { chineseTrayLabels, englishTrayLabels, trayMenuTemplate, trayTooltip } from '@main/shell/tray-menu';

const actions = () => ({ newFax: vi.fn(), open: vi.fn(), quit: vi.fn() });

describe('tray menu', () => {
  it('offers new fax, open and quit, each doing what it says', () => {
    const a = actions();
    const items = trayMenuTemplate(englishTrayLabels, a);
    expect(items.map((i) => i.label ?? i.type)).toEqual(['New Fax', 'Open FaxDesk', 'separator', 'Quit FaxDesk']);
    items[0]!.click!();
    items[1]!.click!();
    items[3]!.click!();
    expect(a.newFax).toHaveBeenCalledOnce();
    expect(a.open).toHaveBeenCalledOnce();
    expect(a.quit).toHaveBeenCalledOnce();
  });

  it('has Chinese labels', () => {
    expect(trayMenuTemplate(chineseTrayLabels, actions()).map((i) => i.label).filter(Boolean)).toEqual(['新建传真', '打开 FaxDesk', '退出 FaxDesk']);
  });

  it('shows work in progress when the task monitor reports it (hook for issue 6)', () => {
    const a = actions();
    const items = trayMenuTemplate(englishTrayLabels, a, { sending: 2, failed: 1 });
    expect(items.slice(0, 3).map((i) => i.label ?? i.type)).toEqual(['2 faxes sending', '1 fax failed', 'separator']);
    expect(items[0]!.enabled).toBe(false);
    items[1]!.click!();
    expect(a.open).toHaveBeenCalled();
    expect(trayTooltip({ sending: 2, failed: 0 }, englishTrayLabels)).toBe('FaxDesk — 2 faxes sending');
    expect(trayTooltip(null, englishTrayLabels)).toBe('FaxDesk');
  });
});
