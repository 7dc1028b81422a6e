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

/** The question's text with the fax on the form at rest, on its way (`sending`) or gone (`sent`). */
function said(sending: boolean, sent = false): string {
  const text = ask(sending, sent).textContent ?? '';
  cleanup();
  return text;
}

describe('the arrival question says what the answer does', () => {
  it('English: at rest a new fax clears the form; during a send the answer waits, naming both buttons', async () => {
    await initI18n('en');
    await changeLanguage('en');
    const atRest = said(false);
    expect(atRest).toContain('A new fax clears the form');
    expect(atRest).not.toContain('being sent');
    const during = said(true);
    expect(during).toContain('The fax on the form is being sent, and your answer waits for it.');
    expect(during).toContain('Once it is sent (even in part, or with its outcome not yet known), this document starts a new fax whichever you choose');
    expect(during).toContain('“Add to this fax” adds it to that fax and “Start a new fax with it” asks again.');
    expect(during).not.toContain('clears the form');
    expect(during).not.toMatch(/\{\{|\}\}/);
    // the send went out while the question was open: nothing is added to it any more
    expect(said(false, true)).toContain('The fax on the form has been sent and is not added to: this document starts a new fax whichever you choose.');
  });

  it('Chinese, likewise', async () => {
    await initI18n('zh-CN');
    await changeLanguage('zh-CN');
    expect(said(false)).toContain('新建传真会清空表单');
    const during = said(true);
    expect(during).toContain('表单中的传真正在发送');
    expect(during).toContain('即使只发出一部分，或结果尚不确定');
    expect(during).toContain('“添加到此传真”会把传入的文档加入这份传真，“用传入的文档新建传真”则会再问一次。');
    expect(during).not.toContain('新建传真会清空表单');
    expect(during).not.toMatch(/\{\{|\}\}/);
    expect(said(false, true)).toContain('表单中的传真已发出，不会再往里添加');
  });
});
