import { ErrorNotice } from './error-notice';

/** An error sentence already in words (describeError's), announced where it stands; nothing when there is none. */
export function ErrorText({ error }: { error: string | null | undefined }) {
  return error ? <ErrorNotice className="error-text">{error}</ErrorNotice> : null;
}
