import { ErrorText } from '../../components/error-text';

/** The end of a phonebook form: its error, if any, then Save and Cancel. */
export function FormFooter(props: { error: string | null | undefined; saving: boolean; saveLabel: string; cancelLabel: string; onCancel(): void }) {
  return (
    <>
      <ErrorText error={props.error} />
      <div className="row">
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
