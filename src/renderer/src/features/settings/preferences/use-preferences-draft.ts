import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@shared/settings';
import { CallError } from '@renderer/lib/api';
import { useUpdateSettings } from '../../account';
import { useHotFolderStatus } from '../../send';
import { draftOf, patchOf, type Draft, type ManagedSettings } from './draft';

/** What every part of the preferences form needs: the draft and its setter, the errors main gave per field, what the policy manages. */
export interface PrefsForm {
  id: string;
  draft: Draft;
  set<K extends keyof Draft>(key: K, value: Draft[K]): void;
  fieldError(name: string): string | undefined;
  locked(key: keyof Settings): boolean;
  /** the id of the "set by your administrator" note under a managed setting, for its control's aria-describedby */
  noteId(key: keyof Settings): string | undefined;
  managed: ManagedSettings;
}

export function usePreferencesDraft(settings: Settings, managed: ManagedSettings) {
  const id = useId();
  const update = useUpdateSettings();
  const client = useQueryClient();
  const hotFolder = useHotFolderStatus();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [saved, setSaved] = useState(false);

  const fields = update.error instanceof CallError ? (update.error.fields ?? {}) : {};
  const locked = (key: keyof Settings) => managed[key] === 'locked';
  const form: PrefsForm = {
    id,
    draft,
    set: (key, value) => {
      setSaved(false);
      setDraft({ ...draft, [key]: value });
    },
    fieldError: (name) => fields[name]?.join(' '),
    locked,
    noteId: (key) => (managed[key] ? `${id}-${key}-managed` : undefined),
    managed,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(patchOf(draft, settings, locked), {
      onSuccess: () => {
        // The estimate on the Send screen depends on the contract price.
        void client.invalidateQueries({ queryKey: ['send'] });
        // the hot folder restarts with the new settings: ask again before saying how saving went
        void hotFolder.refetch().finally(() => setSaved(true));
      },
    });
  };
  /** a failure main did not tie to a field */
  const formError = update.isError && !Object.keys(fields).length ? update.error : null;
  return { form, submit, saved, saving: update.isPending, formError };
}
