import { beforeEach, describe, expect, it } from 'vitest';
import { useCompose } from '@renderer/features/send/compose-store';
import { docItem } from './doc-item';

const doc = docItem;

describe('a print job on the Send screen', () => {
  beforeEach(() => {
    useCompose.getState().reset();
    useCompose.setState({ overflow: [] });
  });

  it('its title leaves with its last printed document, not before', () => {
    useCompose.getState().set({ docs: [doc('a', 'print'), doc('b', 'print'), doc('c')], name: 'FaxDesk CUPS test 24489', printedName: 'FaxDesk CUPS test 24489' });
    useCompose.getState().removeDoc('a');
    expect(useCompose.getState().name).toBe('FaxDesk CUPS test 24489');
    useCompose.getState().removeDoc('b');
    expect(useCompose.getState().name).toBe('');
    expect(useCompose.getState().printedName).toBeNull();
  });

  it('a name the user typed over the title stays', () => {
    useCompose.getState().set({ docs: [doc('a', 'print')], name: 'Offer for Anna', printedName: 'FaxDesk CUPS test 24489' });
    useCompose.getState().removeDoc('a');
    expect(useCompose.getState().name).toBe('Offer for Anna');
  });

  it('documents that did not fit stay listed when a slot is free; after "New fax" the printed ones still wait, dropped files do not', () => {
    const printed = { handle: 'h-d', name: 'd.pdf', source: 'print' as const };
    const overflow = [printed, { handle: 'h-e', name: 'e.pdf' }];
    useCompose.getState().set({ docs: [doc('a', 'print'), doc('b', 'print'), doc('c', 'print'), doc('x')], overflow });
    useCompose.getState().removeDoc('x');
    expect(useCompose.getState().overflow).toEqual(overflow);
    useCompose.getState().removeDoc('c');
    expect(useCompose.getState().overflow).toEqual(overflow);
    useCompose.getState().reset();
    expect(useCompose.getState().overflow).toEqual([printed]);
    expect(useCompose.getState().docs).toEqual([]);
  });
});
