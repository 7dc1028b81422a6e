/**
 * Resending from the task detail spends money: one confirmed resend is one call to main, however
 * hurried the clicks (the question closes on the first click; main's own "already resent — again?"
 * question is tested in test/main/tasks and e2e). The preload bridge is faked at the IPC boundary.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecipientView, TaskDetailView } from '@shared/tasks/types';
import { initI18n } from '@renderer/i18n';
import { TaskDetailPane } from '@renderer/features/tasks/task-detail';
import { installBridge, renderWithQueries } from '../fake-bridge';

const recipient = (phoneNumber: string, status: string, retryable: boolean): RecipientView => ({
  rcptRef: `r_${phoneNumber}`,
  phoneNumber,
  contactName: null,
  status,
  retryable,
  pageCount: status === 'success' ? 1 : 0,
  unitPrice: 0.3,
  chargedAmount: status === 'success' ? 0.3 : 0,
  failedCode: status === 'failed' ? 'BUSY' : null,
  failedReason: status === 'failed' ? 'Line busy' : null,
  completedAt: null,
  completedAtMs: Date.UTC(2026, 10, 26, 8),
  createdAt: null,
  createdAtMs: Date.UTC(2026, 10, 26, 7),
});

const detail: TaskDetailView = {
  task: {
    id: 'task_1',
    taskRef: 'task_1',
    name: 'Quote',
    status: 'done',
    outcomeUnknown: false,
    createdAtMs: Date.UTC(2026, 10, 26, 7),
    scheduledAtMs: null,
    recipients: { total: 3, success: 1, failed: 2, pending: 0, canceled: 0 },
    pages: 1,
    charges: 0.3,
    resendOf: null,
    checkedAtMs: Date.UTC(2026, 10, 26, 8),
    error: null,
    source: 'sent',
    demo: false,
    readOnly: false,
  },
  resentAs: [],
  recipients: [recipient('8613800000001', 'success', false), recipient('8613800000666', 'failed', true), recipient('8613800000888', 'failed', false)],
  files: [{ name: 'quote.pdf', fileRef: 'f_1', localPath: null }],
  nextCheckAtMs: null,
  serviceTimeZone: 'Asia/Shanghai',
};

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('resending the failed numbers of a task', () => {
  it('a double click on the confirmation sends one resend, and says where it went', async () => {
    let answer: (v: unknown) => void = () => {};
    const main = installBridge({
      getTaskDetail: () => ({ ok: true, value: detail }),
      // main takes its time: both clicks land while the first resend is on its way
      resendFailed: () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithQueries(<TaskDetailPane id="task_1" onClose={() => {}} onOpen={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend to all failed (2)' }));
    const ask = screen.getByRole('group', { name: /Send Quote again to 2 numbers/ });
    const confirm = within(ask).getByRole('button', { name: 'Resend to all failed (2)' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(main.inputsOf('resendFailed')).toEqual([{ taskRef: 'task_1', only: 'all' }]));
    // While it runs, the pane cannot ask for another: the toolbar's resend buttons are disabled.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Resend to all failed (2)' }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Resend to busy / no answer only (1)' }) as HTMLButtonElement).disabled).toBe(true);
    answer({ ok: true, value: { taskRef: 'task_2', phoneNumbers: ['8613800000666', '8613800000888'], reuploaded: 0 } });
    expect(await screen.findByText('Resent as task_2 to 2 numbers.')).toBeTruthy();
    expect(main.inputsOf('resendFailed')).toHaveLength(1);
  });

  it('main\'s "already resent — again?" names the colleague and computer when another desk resent them, and only this desk\'s time otherwise', async () => {
    const already = (details: Record<string, unknown>) => ({ ok: false as const, error: { code: 'tasks.already_resent', message: 'Resend them again?', details } });
    const at = Date.UTC(2026, 10, 26, 9, 5);
    let reply = already({ taskRef: 'task_7', taskName: 'Quote (resend)', resentAtMs: at, senderName: 'Wang Wei', computerName: 'FRONT-PC', variant: 'office' });
    installBridge({ getTaskDetail: () => ({ ok: true, value: detail }), resendFailed: () => reply });
    renderWithQueries(<TaskDetailPane id="task_1" onClose={() => {}} onOpen={() => {}} />);
    const ask = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Resend to all failed (2)' }));
      const group = screen.getByRole('group', { name: /Send Quote again to 2 numbers/ });
      fireEvent.click(within(group).getByRole('button', { name: 'Resend to all failed (2)' }));
      return (await screen.findByRole('alertdialog')).textContent ?? '';
    };
    const office = await ask();
    expect(office).toMatch(/^Wang Wei already resent these recipients as “Quote \(resend\)” at .+ from FRONT-PC\. Resend them again\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // this desk's own earlier resend (no office variant): no name, no computer
    reply = already({ taskRef: 'task_7', taskName: 'Quote (resend)', resentAtMs: at, senderName: 'Li Na', computerName: 'RECEPTION-PC' });
    const own = await ask();
    expect(own).toMatch(/^These recipients were already resent as “Quote \(resend\)” at /);
    expect(own).not.toContain('RECEPTION-PC');
  });
});
