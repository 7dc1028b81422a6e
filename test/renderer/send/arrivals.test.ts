import { beforeEach, describe, expect, it } from 'vitest';
import { useCompose } from '@renderer/features/send/compose-store';
import { docItem } from './doc-item';
import { hasOwnDraft } from '@renderer/features/send/arrivals';
import { useSendResult } from '@renderer/features/send/send-result';
import type { SendResult } from '@shared/send/types';

const doc = docItem;

const compose = () => useCompose.getState();

describe('whether an arriving document asks first: the form holds a fax of the user own', () => {
  beforeEach(() => {
    compose().reset();
    useSendResult.getState().clear();
  });

  it('not when empty, nor with only documents from outside and what their print job filled in', () => {
    expect(hasOwnDraft(compose())).toBe(false);
    compose().attach([doc('a', 'hot-folder'), doc('b', 'print')], [], []);
    compose().prefillFromPrint([{ recipients: [], name: 'Quote 7' }]);
    expect(compose().name).toBe('Quote 7');
    expect(hasOwnDraft(compose())).toBe(false);
  });

  it('yes with a document added by hand, typed numbers, a name of the user own, or cover text', () => {
    compose().attach([doc('a')], [], []);
    expect(hasOwnDraft(compose())).toBe(true);
    compose().reset();
    compose().setRecipients('+86 10 8888 1234');
    expect(hasOwnDraft(compose())).toBe(true);
    compose().reset();
    compose().set({ name: 'Offer' });
    expect(hasOwnDraft(compose())).toBe(true);
    compose().reset();
    compose().set({ cover: { from: '', to: 'Li Na', subject: '', message: '' } });
    expect(hasOwnDraft(compose())).toBe(true);
    // spaces alone are nothing
    compose().reset();
    compose().setRecipients('  \n ');
    expect(hasOwnDraft(compose())).toBe(false);
  });

  it('not after a send (locked): documents then start a new fax; yes again after a refusal (still editable)', () => {
    compose().setRecipients('+86 10 8888 1234');
    const sent = { overall: 'sent' } as SendResult;
    useSendResult.getState().show(sent, 'Offer');
    expect(hasOwnDraft(compose())).toBe(false);
    useSendResult.getState().show({ overall: 'refused' } as SendResult, 'Offer');
    expect(hasOwnDraft(compose())).toBe(true);
  });

  it('a print job numbers join the typed ones once each, and its title does not replace a typed name', () => {
    compose().setRecipients('+861012345678\n');
    compose().set({ name: 'Mine' });
    compose().prefillFromPrint([{ recipients: ['+861012345678', '02187654321', '02187654321'], name: 'Job title' }]);
    expect(compose().recipientsText).toBe('+861012345678\n02187654321');
    expect(compose().name).toBe('Mine');
  });
});
