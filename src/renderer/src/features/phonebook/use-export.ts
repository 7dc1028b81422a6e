import { useState } from 'react';
import type { SavedFile } from '../../../../shared/ipc/channels/files';
import { call } from '../../lib/api';
import { describeError } from '../../lib/describe-error';

/**
 * One phonebook export (CSV or vCard): main asks where in its save dialog and
 * writes the file; cancelling it changes nothing. The saved file and count are
 * kept for the notice with Open / Show in folder.
 */
export function usePhonebookExport(channel: 'exportCsv' | 'exportVcard') {
  const [saved, setSaved] = useState<{ file: SavedFile; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const { saved: file, count } = await call(channel);
      if (file) setSaved({ file, count });
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return { saved, error, busy, run };
}
