import type { ReactNode } from 'react';

/** What the control inside a Field takes: its id and the ids that describe it. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled control in the `.field` layout, with an optional hint and error under it.
 * The control gets `id`; the hint is `${id}-hint`, the error `${id}-error`, and both
 * (plus `describedBy`, e.g. a hint shared by several fields) describe the control.
 * With `errorInHint` the error takes the hint's place (same id, class "error") instead of
 * standing under it. `warnHint` shows the hint as a warning (a step the user must not miss).
 * `after` comes last (e.g. a second note under the hint).
 */
export function Field({
  id,
  label,
  hint,
  error,
  describedBy,
  errorInHint,
  warnHint,
  className,
  after,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  after?: ReactNode;
  error?: ReactNode;
  describedBy?: string;
  errorInHint?: boolean;
  warnHint?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const ids = [hint ? `${id}-hint` : null, error && !errorInHint ? `${id}-error` : null, describedBy ?? null].filter((x): x is string => !!x);
  const control: FieldControl = { id };
  if (ids.length) control['aria-describedby'] = ids.join(' ');
  if (error) control['aria-invalid'] = true;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(control)}
      {errorInHint ? (
        <span id={`${id}-hint`} className={error ? 'error' : 'hint'}>
          {error ?? hint}
        </span>
      ) : (
        <>
          {hint ? (
            <span className={warnHint ? 'hint warn' : 'hint'} id={`${id}-hint`}>
              {hint}
            </span>
          ) : null}
          {error ? (
            <span className="error" id={`${id}-error`}>
              {error}
            </span>
          ) : null}
        </>
      )}
      {after}
    </div>
  );
}

/** A checkbox with its label after it, in the `.checkbox` layout; `describedBy` names a hint elsewhere. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  describedBy,
  className,
  testId,
  disabled,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  describedBy?: string;
  className?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <div className={className ? `checkbox ${className}` : 'checkbox'}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-describedby={describedBy} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * "Set by your administrator": a setting the machine-wide policy manages. Locked, the control
 * next to it is disabled; as a default, the user may change it. `id` lets the control name it
 * in aria-describedby.
 */
export function ManagedNote({ id, managed, text }: { id: string; managed: 'locked' | 'default' | undefined; text: Record<'locked' | 'default', string> }) {
  if (!managed) return null;
  return (
    <p id={id} className={`hint managed ${managed}`} data-testid="managed-note" data-managed={managed}>
      {text[managed]}
    </p>
  );
}
