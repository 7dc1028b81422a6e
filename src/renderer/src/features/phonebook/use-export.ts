import { useState } from 'react';
import type { GrantedFile, SavedFile } from '@shared/ipc/channels/files';
import { call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';

/**
 * One step through main (reading a file, writing an export): busy while it runs, and its
 * failure in words. `onFail` undoes what the step showed before (e.g. an old preview).
 */
export function useBusyStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>, onFail?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      onFail?.();
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, setError, run };
}

/**
 * The file to import (CSV or vCard), chosen in main's open dialog (the preview: the browser's
 * picker); only its handle comes back, and `load` reads it. Cancelling changes nothing; a
 * failure is said in words, after `onFail`.
 */
export function useFileToImport(
  purpose: 'csv' | 'vcard',
  load: (handle: string) => Promise<void>,
  setError: (error: string | null) => void,
  onFail?: () => void,
) {
  const [file, setFile] = useState<GrantedFile | null>(null);

  const choose = async () => {
    setError(null);
    try {
      const { files } = await call('chooseFiles', { purpose });
      const chosen = files[0];
      if (!chosen) return;
      setFile(chosen);
      await load(chosen.handle);
    } catch (err) {
      onFail?.();
      setError(describeError(err));
    }
  };

  return { file, choose };
}

/**
 * One phonebook export (CSV or vCard): main asks where in its save dialog and
 * writes the file; cancelling it changes nothing. The saved file and count are
 * kept for the notice with Open / Show in folder.
 */
export function usePhonebookExport(channel: 'exportCsv' | 'exportVcard') {
  const [saved, setSaved] = useState<{ file: SavedFile; count: number } | null>(null);
  const { busy, error, run: step } = useBusyStep();

  const run = () =>
    step(async () => {
      const { saved: file, count } = await call(channel);
      if (file) setSaved({ file, count });
    });

  return { saved, error, busy, run };
}
