import { useId, useState, type FormEvent } from 'react';
import type { OfficeTestResult, OfficeView } from '@shared/office/types';
import { followUpOf } from '@renderer/lib/error-follow-ups';
import { describeError } from '@renderer/lib/describe-error';
import { useChooseCaFile, useRemoveOffice, useSaveOffice, useTestOffice } from '../queries';
import { draftOf, toInput, type Draft } from './draft';

/** The office form's state: the draft, the test's answer, what the last save or removal did, and the errors (per field or for the form). */
export function useOfficeForm(view: OfficeView | undefined) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [tested, setTested] = useState<OfficeTestResult | null>(null);
  // what the last save or removal did; 'saved' says "connecting…" only while the status line says so too
  const [note, setNote] = useState<'' | 'saved' | 'removed'>('');
  const test = useTestOffice();
  const save = useSaveOffice();
  const remove = useRemoveOffice();
  const chooseCa = useChooseCaFile();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTested(null);
    setNote('');
    test.reset();
    save.reset();
  };

  const error = save.error ?? test.error ?? remove.error ?? chooseCa.error;
  const followUp = followUpOf(error);
  const fields = followUp?.kind === 'markFields' ? followUp.fields : {};
  const fieldError = (name: string) => {
    const own = Object.entries(fields).find(([k]) => k === `fields.${name}` || k === name);
    return own ? own[1].join(' ') : undefined;
  };
  const topError = error && !(followUp?.kind === 'markFields' && followUp.inputOnly) ? describeError(error) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.reset();
    save.mutate(toInput(draft), {
      onSuccess: () => {
        setDraft((d) => ({ ...d, password: '', ca: 'keep' }));
        setTested(null);
        setNote('saved');
      },
    });
  };
  const runTest = () => {
    save.reset();
    test.mutate(toInput(draft), { onSuccess: setTested });
  };
  const chooseCaFile = () => chooseCa.mutate(undefined, { onSuccess: (f) => f && set('ca', { handle: f.handle, name: f.name }) });
  const removeOffice = (done: () => void) =>
    remove.mutate(undefined, {
      onSuccess: (v) => {
        done();
        setDraft(draftOf(v));
        setNote('removed');
      },
    });
  return { id, view, draft, set, fieldError, topError, tested, note, submit, runTest, chooseCaFile, removeOffice, test, save, remove };
}

export type OfficeFormState = ReturnType<typeof useOfficeForm>;
