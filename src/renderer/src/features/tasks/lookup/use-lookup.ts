import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { RecipientView } from '@shared/tasks/types';
import { REF_PATTERN } from '@shared/tasks/order';
import { call } from '@renderer/lib/api';
import { taskKeys } from '../hooks';
import { describeError } from '@renderer/lib/describe-error';

/** The lookup's state: the kind and reference typed, and what the service answered (a task opened, a recipient, an error). */
export function useLookup(onOpen: (id: string) => void) {
  const { t } = useTranslation('tasks');
  const client = useQueryClient();
  const [kind, setKind] = useState<'task' | 'recipient'>('task');
  const [ref, setRef] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<(RecipientView & { taskRef: string | null }) | null>(null);

  /** The service's references say what they are: task_… and rcpt_… choose the kind themselves. */
  function typed(value: string) {
    setRef(value);
    const detected = kindOf(value);
    if (detected) setKind(detected);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = ref.trim();
    setError(null);
    setMessage(null);
    setRecipient(null);
    if (!REF_PATTERN.test(value)) {
      setError(t('lookup.hint'));
      return;
    }
    setBusy(true);
    try {
      if ((kindOf(value) ?? kind) === 'task') {
        const d = await call('trackTaskRef', { taskRef: value });
        await client.invalidateQueries({ queryKey: taskKeys.all });
        setMessage(t('lookup.added', { ref: value }));
        onOpen(d.task.id);
      } else {
        setRecipient(await call('getRecipient', { rcptRef: value }));
      }
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }
  return { kind, setKind, ref, typed, busy, error, message, recipient, submit };
}

function kindOf(value: string): 'task' | 'recipient' | null {
  const v = value.trim().toLowerCase();
  return v.startsWith('rcpt_') ? 'recipient' : v.startsWith('task_') ? 'task' : null;
}
