import { describe, expect, it } from 'vitest';
import { CallError } from '../../src/renderer/src/lib/api';
import { followUpOf } from '../../src/renderer/src/lib/error-follow-ups';

const repeat = {
  code: 'send.repeat',
  message: 'You sent this fax at 11:06 as "Invoice". Send it again?',
  details: { sentAtMs: 1_700_000_000_000, taskName: 'Invoice', taskRef: 'T1', sendId: 7, windowMinutes: 30 },
};
const resent = { code: 'tasks.already_resent', message: 'Resend them again?', details: { taskRef: 'T2', taskName: 'Offer', resentAtMs: 1_700_000_100_000 } };

describe('what the window does about an error besides wording it', () => {
  it('asks "send it again?" for a repeat, thrown or kept in a result', () => {
    const expected = { kind: 'askSendAgain', details: { sentAtMs: 1_700_000_000_000, taskName: 'Invoice', taskRef: 'T1', sendId: 7, windowMinutes: 30 } };
    expect(followUpOf(new CallError(repeat))).toEqual(expected);
    expect(followUpOf(repeat)).toEqual(expected);
  });

  it('asks "resend again?" for recipients resent before', () => {
    expect(followUpOf(new CallError(resent))).toEqual({ kind: 'askResendAgain', details: { taskRef: 'T2', taskName: 'Offer', resentAtMs: 1_700_000_100_000, by: null } });
  });

  it('marks the fields of a refusal that names them; input the form checks itself is no top error', () => {
    expect(followUpOf(new CallError({ code: 'ipc.invalid_input', message: 'x', fields: { host: ['Enter a host'] } }))).toEqual({ kind: 'markFields', fields: { host: ['Enter a host'] }, inputOnly: true });
    expect(followUpOf(new CallError({ code: 'validation', message: 'x', fields: { 'phone_numbers.3': ['bad'] } }))).toMatchObject({ kind: 'markFields', inputOnly: false });
    expect(followUpOf(new CallError({ code: 'validation', message: 'x', fields: {} }))).toBeNull();
  });

  it('leaves every other error to its sentence alone', () => {
    // a question code whose details are missing or damaged is not a question: the sentence is shown
    expect(followUpOf(new CallError({ code: 'send.repeat', message: 'x' }))).toBeNull();
    expect(followUpOf(new CallError({ ...resent, details: { taskName: 3 } }))).toBeNull();
    expect(followUpOf(new CallError({ code: 'network.unreachable', message: 'x' }))).toBeNull();
    expect(followUpOf(new Error('bridge missing'))).toBeNull();
    expect(followUpOf(null)).toBeNull();
  });

  it('lets the first step that claims an error win', () => {
    // a repeat that also named fields is the question first (the fields wait for the answer)
    expect(followUpOf(new CallError({ ...repeat, fields: { name: ['x'] } }))?.kind).toBe('askSendAgain');
  });
});
