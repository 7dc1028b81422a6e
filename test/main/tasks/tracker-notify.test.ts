/**
 * What the tracker tells the user when a task ends (src/main/tasks/tracker-notify.ts): a desktop
 * notification only for a task FaxDesk saw unfinished, as the Preferences ask for clean and failed
 * ends, in the user's language, marked in demo mode; and one `tasksChanged` naming what the window
 * must redraw.
 */
import { describe, expect, it } from 'vitest';
import type { TasksChanged } from '@shared/tasks/changes';
import { defaultSettings, type Settings } from '@shared/settings';
import type { TaskChanges } from '@main/history/types';
import { createLogger } from '@main/log';
import { createRecordingNotifier, type Notifier } from '@main/notify/notifier';
import type { NotifyLanguage } from '@main/notify/text';
import { announce, notifyEnded } from '@main/tasks/tracker-notify';
import type { TrackerOptions } from '@main/tasks/tracker-types';

const counts = (c: Partial<TaskChanges['counts']> = {}): TaskChanges['counts'] => ({ total: 2, success: 2, failed: 0, pending: 0, canceled: 0, pages: 2, charges: 0.6, ...c });

function ended(c: Partial<TaskChanges> = {}): TaskChanges {
  return {
    taskId: 1,
    taskRef: 'task_1',
    name: 'Quarterly report',
    inserted: false,
    status: { from: 'sending', to: 'done' },
    becameTerminal: true,
    newlyFailed: [],
    newlySucceeded: [],
    recipientsChanged: 1,
    counts: counts(),
    ...c,
  };
}

function setup(o: { settings?: Partial<Settings>; language?: NotifyLanguage; demo?: boolean; notifier?: Notifier | null } = {}) {
  const recording = createRecordingNotifier();
  const lines: string[] = [];
  const opts = {
    settings: { get: () => ({ ...defaultSettings, ...o.settings }) },
    notifier: o.notifier === undefined ? recording : o.notifier,
    language: () => o.language ?? 'en',
    demo: o.demo === undefined ? undefined : () => o.demo!,
    log: createLogger((l) => lines.push(l)),
  } as unknown as TrackerOptions;
  return { opts, sent: recording.sent, lines };
}

describe('the notification when a task ends', () => {
  it('a task seen sending that was delivered: "Fax sent", a click opens it', () => {
    const { opts, sent } = setup();
    notifyEnded(opts, ended());
    expect(sent).toEqual([{ title: 'Fax sent', body: '“Quarterly report”: 2 of 2 delivered.', taskRef: 'task_1' }]);
  });

  it('failed, partly failed or with a canceled number counts as failed: its own setting decides', () => {
    const cases: Array<Partial<TaskChanges>> = [
      { status: { from: 'sending', to: 'failed' }, counts: counts({ success: 0, failed: 2 }) },
      { counts: counts({ success: 1, failed: 1 }) },
      { counts: counts({ success: 1, canceled: 1 }) },
    ];
    for (const c of cases) {
      const quiet = setup({ settings: { notifyOnFailed: false } });
      notifyEnded(quiet.opts, ended(c));
      expect(quiet.sent).toEqual([]);
      const told = setup({ settings: { notifyOnDone: false } });
      notifyEnded(told.opts, ended(c));
      expect(told.sent).toHaveLength(1);
      expect(told.sent[0]!.title).toMatch(/failed/);
    }
    const { opts, sent } = setup();
    notifyEnded(opts, ended({ status: { from: 'pending', to: 'failed' }, counts: counts({ success: 0, failed: 2 }) }));
    expect(sent[0]).toMatchObject({ title: 'Fax failed', body: '“Quarterly report”: 0 of 2 delivered, 2 failed. Click to see why and resend.' });
  });

  it('a task the service calls failed says so, even when some numbers got through or none was tried', () => {
    for (const c of [counts({ success: 1, failed: 1 }), counts({ success: 0, pending: 2 })]) {
      const quiet = setup({ settings: { notifyOnFailed: false } });
      notifyEnded(quiet.opts, ended({ status: { from: 'sending', to: 'failed' }, counts: c }));
      expect(quiet.sent).toEqual([]);
      const { opts, sent } = setup({ settings: { notifyOnDone: false } });
      notifyEnded(opts, ended({ status: { from: 'sending', to: 'failed' }, counts: c }));
      expect(sent.map((n) => n.title)).toEqual(['Fax failed']);
    }
  });

  it('a clean end follows the "done" setting alone', () => {
    const off = setup({ settings: { notifyOnDone: false, notifyOnFailed: true } });
    notifyEnded(off.opts, ended());
    expect(off.sent).toEqual([]);
    const on = setup({ settings: { notifyOnDone: true, notifyOnFailed: false } });
    notifyEnded(on.opts, ended());
    expect(on.sent).toHaveLength(1);
  });

  it('nothing for a task that did not end now, was new to FaxDesk, had already ended, or came with no earlier status', () => {
    for (const c of [
      { becameTerminal: false, status: { from: 'pending', to: 'sending' } },
      { inserted: true },
      { status: { from: 'done', to: 'failed' } },
      { status: { from: 'failed', to: 'done' } },
      { status: null },
      { status: { from: null, to: 'done' } },
    ] satisfies Array<Partial<TaskChanges>>) {
      const { opts, sent } = setup();
      notifyEnded(opts, ended(c));
      expect(sent, JSON.stringify(c)).toEqual([]);
    }
  });

  it('in Chinese when the app is, and marked as a demo in demo mode', () => {
    const zh = setup({ language: 'zh-CN' });
    notifyEnded(zh.opts, ended());
    expect(zh.sent[0]!.title).toBe('传真已发送');
    const demo = setup({ demo: true });
    notifyEnded(demo.opts, ended());
    expect(demo.sent[0]!.title).toBe('Demo: Fax sent');
    const real = setup({ demo: false });
    notifyEnded(real.opts, ended());
    expect(real.sent[0]!.title).toBe('Fax sent');
  });

  it('no notifier (the system has none): nothing, no error; a notifier that throws is logged, not thrown', () => {
    const none = setup({ notifier: null });
    expect(() => notifyEnded(none.opts, ended())).not.toThrow();
    expect(none.lines).toEqual([]);
    const broken = setup({ notifier: { notify: () => { throw new Error('no notification daemon'); } } });
    expect(() => notifyEnded(broken.opts, ended())).not.toThrow();
    expect(broken.lines.some((l) => l.includes('notification for task_1 failed'))).toBe(true);
  });
});

describe('tasksChanged', () => {
  it('names the tasks whose row changed and the status moves among them; nothing when nothing changed', () => {
    const told: TasksChanged[] = [];
    const emit = (c: TasksChanged) => void told.push(c);
    const same = ended({ taskRef: 'same', status: null, becameTerminal: false, recipientsChanged: 0 });
    announce(emit, [same]);
    announce(emit, []);
    expect(told).toEqual([]);
    announce(emit, [
      same,
      ended({ taskRef: 'moved', status: { from: 'pending', to: 'sending' }, recipientsChanged: 0 }),
      ended({ taskRef: 'new', inserted: true, status: null, recipientsChanged: 0 }),
      ended({ taskRef: 'rcpt', status: null, recipientsChanged: 1 }),
    ]);
    expect(told).toEqual([{ taskRefs: ['moved', 'new', 'rcpt'], transitions: [{ taskRef: 'moved', from: 'pending', to: 'sending' }] }]);
  });
});
