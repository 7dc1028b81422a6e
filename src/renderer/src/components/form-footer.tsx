import type { ReactNode } from 'react';
import { ErrorText } from './error-text';

/**
 * The end of an edit form (phonebook contact and group, company directory): its error, if any,
 * then the form's own buttons (`children`, e.g. Test connection), Save and Cancel.
 */
export function FormFooter(props: { error: string | null | undefined; saving: boolean; saveLabel: string; cancelLabel: string; onCancel(): void; children?: ReactNode }) {
  return (
    <>
      <ErrorText error={props.error} />
      <div className="row">
        {props.children}
        <button type="submit" className="btn primary" disabled={props.saving}>
          {props.saveLabel}
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
      </div>
    </>
  );
}
