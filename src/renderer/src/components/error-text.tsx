/** An error sentence already in words (describeError's), announced where it stands; nothing when there is none. */
export function ErrorText({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="error-text" role="alert">
      {error}
    </p>
  ) : null;
}
