import { describe, expect, it } from 'vitest';
import { dispatch } from '@main/ipc/dispatch';
import { joinHandlers } from '@main/ipc/join-handlers';

describe('joining the handler files', () => {
  it('answers each channel from the file that has it', async () => {
    const handlers = joinHandlers({ getUiPrefs: () => ({ language: 'en' as const }) }, { taskCounts: () => ({ failed: 2, running: 1, unseenFailed: 0 }) as never });
    expect(await dispatch(handlers, 'getUiPrefs', undefined)).toEqual({ ok: true, value: { language: 'en' } });
    expect(await dispatch(handlers, 'taskCounts', undefined)).toMatchObject({ ok: true, value: { failed: 2 } });
    // a channel no file answers is refused like a channel the contract lacks
    expect(await dispatch(handlers, 'listTasks', {})).toMatchObject({ ok: false, error: { code: 'ipc.unknown_channel' } });
  });

  it('refuses two files answering the same channel, naming it (an object spread would let the later one win silently)', () => {
    const first = { getUiPrefs: () => ({ language: 'en' as const }) };
    const second = { getUiPrefs: () => ({ language: 'zh-CN' as const }) };
    expect(() => joinHandlers(first, second)).toThrow(/"getUiPrefs"/);
  });
});
