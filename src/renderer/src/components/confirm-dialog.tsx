import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './confirm-dialog.css';

interface Props {
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  children: ReactNode;
  testId?: string;
  /** which answer a stray Enter gives: 'cancel' where going on would cost or repeat something the user already did */
  defaultAnswer?: 'confirm' | 'cancel';
}

/**
 * A modal question with one way forward and one way back. The platform's
 * <dialog> (showModal) makes the rest of the window inert, so focus stays
 * inside and Escape cancels; focus starts on the default answer (Confirm
 * unless told otherwise) and returns to the opener afterwards. Enter on a
 * button answers with that button, elsewhere with the default; Ctrl+Enter is
 * swallowed, so the shortcut that opened the dialog cannot
 * also answer it.
 */
export function ConfirmDialog({ title, confirmLabel, cancelLabel, onConfirm, onCancel, children, testId, defaultAnswer = 'confirm' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (defaultAnswer === 'cancel' ? cancelRef : confirmRef).current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
    // Opened once; the default answer does not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // One answer per dialog: a held-down Enter or a double click cannot confirm twice.
  const answer = (yes: boolean) => {
    if (answered.current) return;
    answered.current = true;
    if (yes) onConfirm();
    else onCancel();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Enter') return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) {
      e.preventDefault();
      return;
    }
    // A focused button answers for itself; elsewhere Enter gives the default answer.
    if (e.target === cancelRef.current || e.target === confirmRef.current) return;
    e.preventDefault();
    if (defaultAnswer === 'cancel') return answer(false);
    answer(true);
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
      data-testid={testId}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId} className="confirm-dialog-body">
        {children}
      </div>
      <div className="confirm-dialog-actions">
        <button type="button" className="btn primary" ref={confirmRef} onClick={() => answer(true)} data-testid={testId ? `${testId}-confirm` : undefined}>
          {confirmLabel}
        </button>
        <button type="button" className="btn" ref={cancelRef} onClick={() => answer(false)} data-testid={testId ? `${testId}-cancel` : undefined}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
