import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, type ErrorContext } from '../lib/describe-error';

/**
 * A failure where the eye is: announced to screen readers (role="alert"), in the UI's language,
 * with what to do (describeError). `lead` goes first, e.g. "The account could not be loaded."
 */
export function ErrorNotice({
  error,
  context,
  lead,
  children,
  className,
  testId,
}: {
  error: unknown;
  context?: ErrorContext;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  // Re-rendered on a language switch: the sentence follows the UI's language.
  useTranslation('errors');
  return (
    <p role="alert" className={className ?? 'notice bad'} data-testid={testId}>
      {lead ? <strong>{lead} </strong> : null}
      {describeError(error, context)}
      {children}
    </p>
  );
}
