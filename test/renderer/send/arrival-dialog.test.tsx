/**
 * The question about documents that arrived beside the user's own fax says what its answer does now:
 * with the form at rest, that a new fax clears it; while the fax on the form is being sent (its review
 * open, its request out), that the answer waits for the outcome, naming the two buttons as shown.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '@renderer/i18n';
import { ArrivalDialog } from '@renderer/features/send/arrival-dialog';
import { useArrivals } from '@renderer/features/send/arrivals';
import { useSendResult } from '@renderer/features/send/send-result';
import type { SendResult } from '@shared/send/types';
import { installBridge, renderWithQueries } from '../fake-bridge';

const printed = { id: 'a1', handle: 'h-annex', name: 'annex.pdf', source: 'hot-folder' };

function ask(sending: boolean, sent = false) {
  installBridge({});
  act(() => {
    useSendResult.getState().setSending(sending);
    if (sent) useSendResult.getState().show({ overall: 'sent' } as SendResult, 'Offer');
    useArrivals.setState({ asking: [printed] as never, elsewhere: [] });
  });
  renderWithQueries(<ArrivalDialog onNewFax={() => {}} />);
  return screen.getByRole('dialog');
}

afterEach(() => {
  cleanup();
  act(() => {
    useSendResult.getState().setSending(false);
    useSendResult.getState().clear();
    useArrivals.setState({ asking: [], elsewhere: [] });
  });
});

describe('the arrival question says what the answer does', () => {
  it('English: at rest a new fax clears the form; during a send the answer waits, naming both buttons', async () => {
    await initI18n('en');
    await changeLanguage('en');
    let dialog = ask(false);
    expect(dialog.textContent).toContain('A new fax clears the form');
    expect(dialog.textContent).not.toContain('being sent');
    cleanup();
    dialog = ask(true);
    expect(dialog.textContent).toContain('The fax on the form is being sent, and your answer waits for it.');
    expect(dialog.textContent).toContain('Once it is sent (even in part, or with its outcome not yet known), this document starts a new fax whichever you choose');
    expect(dialog.textContent).toContain('“Add to this fax” adds it to that fax and “Start a new fax with it” asks again.');
    expect(dialog.textContent).not.toContain('clears the form');
    expect(dialog.textContent).not.toMatch(/\{\{|\}\}/);
    // the send went out while the question was open: nothing is added to it any more
    cleanup();
    dialog = ask(false, true);
    expect(dialog.textContent).toContain('The fax on the form has been sent and is not added to: this document starts a new fax whichever you choose.');
  });

  it('Chinese, likewise', async () => {
    await initI18n('zh-CN');
    await changeLanguage('zh-CN');
    let dialog = ask(false);
    expect(dialog.textContent).toContain('新建传真会清空表单');
    cleanup();
    dialog = ask(true);
    expect(dialog.textContent).toContain('表单中的传真正在发送');
    expect(dialog.textContent).toContain('即使只发出一部分，或结果尚不确定');
    expect(dialog.textContent).toContain('“添加到此传真”会把传入的文档加入这份传真，“用传入的文档新建传真”则会再问一次。');
    expect(dialog.textContent).not.toContain('新建传真会清空表单');
    expect(dialog.textContent).not.toMatch(/\{\{|\}\}/);
  });
});
