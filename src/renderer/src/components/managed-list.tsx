import { useState, type ReactNode } from 'react';
import { describeError } from '../lib/describe-error';
import { ErrorText } from './error-text';

/**
 * The state a managed list (phonebook contacts and groups, company directories) keeps: which
 * item is being edited (or 'new'), which one asks to be deleted, the last status sentence and
 * the last error. `remove` deletes by id; `deleted` words the status once it has. Opening a form
 * clears what the last edit or delete said.
 */
export function useManagedList<T extends { id: string }>(
  remove: { mutate(id: string, options: { onSuccess(): void; onError(err: unknown): void }): void; isPending: boolean },
  deleted: (item: T) => string,
) {
  const [editing, setEditingState] = useState<T | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const doDelete = (item: T) => {
    setError(null);
    remove.mutate(item.id, {
      onSuccess: () => {
        setConfirming(null);
        setStatus(deleted(item));
      },
      onError: (err) => setError(describeError(err)),
    });
  };

  /** Opens the form for `item` (or a new one). */
  const setEditing = (item: T | 'new') => {
    setEditingState(item);
    setStatus('');
    setError(null);
  };

  /** The form closed: back to the list, with what it said (empty when cancelled). */
  const doneEditing = (message: string) => {
    setEditingState(null);
    setStatus(message);
  };

  return { editing, setEditing, confirming, setConfirming, status, error, doDelete, doneEditing, deleting: remove.isPending };
}

export type ManagedList<T extends { id: string }> = ReturnType<typeof useManagedList<T>>;

/** What a row's actions say, in the list's own words. */
export interface RowWords {
  question: string;
  yes: string;
  cancel: string;
  edit: string;
  editLabel: string;
  del: string;
  deleteLabel: string;
}

/**
 * A list row's actions: Edit and Delete, or, once Delete is pressed, the question with Yes and
 * Cancel. Edit, ask, delete and cancel act on the managed list's state for `item`.
 */
function RowActions<T extends { id: string }>({ list, item, words }: { list: ManagedList<T>; item: T; words: RowWords }) {
  const { question, yes, cancel, edit, editLabel, del, deleteLabel } = words;
  const onConfirm = () => list.doDelete(item);
  const onCancel = () => list.setConfirming(null);
  const onEdit = () => list.setEditing(item);
  const onAsk = () => list.setConfirming(item.id);
  return list.confirming === item.id ? (
    <div className="pb-row-actions" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="btn small danger" onClick={onConfirm} disabled={list.deleting}>
        {yes}
      </button>
      <button type="button" className="btn small" onClick={onCancel}>
        {cancel}
      </button>
    </div>
  ) : (
    <div className="pb-row-actions">
      <button type="button" className="btn small" aria-label={editLabel} onClick={onEdit}>
        {edit}
      </button>
      <button type="button" className="btn small" aria-label={deleteLabel} onClick={onAsk}>
        {del}
      </button>
    </div>
  );
}

/** A managed list's rows: each item's own text (`children`), then its Edit and Delete. */
export function ManagedRows<T extends { id: string }>({
  list,
  items,
  label,
  words,
  children,
}: {
  list: ManagedList<T>;
  items: readonly T[];
  label?: string;
  words(item: T): RowWords;
  children(item: T): ReactNode;
}) {
  return (
    <ul className="pb-rows" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="pb-row">
          <div className="pb-row-main">{children(item)}</div>
          <RowActions list={list} item={item} words={words(item)} />
        </li>
      ))}
    </ul>
  );
}

/** Under a managed list's toolbar: what the last edit or delete said, and its error. */
export function ListStatus({ status, error }: { status: string; error: string | null }) {
  return (
    <>
      <p role="status" className="pb-status">
        {status}
      </p>
      <ErrorText error={error} />
    </>
  );
}
