import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, type ErrorContext } from '../lib/describe-error';

/**
 * A failure where the eye is: announced to screen readers (role="alert"), in the UI's language,
 * with what to do (describeError). `lead` goes first, e.g. "The account could not be loaded."
 * Without `error` it announces `children` alone (a sentence the screen already has in words).
 * `as` picks the element: a `div` for a notice holding a list, a `span` inside a Field's error.
 * `ref` and `tabIndex` let a screen move focus onto a notice that appears after an act (the Send screen's error).
 */
export function ErrorNotice({
  error,
  context,
  lead,
  children,
  className,
  testId,
  as: Tag = 'p',
  ref,
  tabIndex,
}: {
  error?: unknown;
  context?: ErrorContext;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
  as?: 'p' | 'div' | 'span';
  ref?: Ref<HTMLElement>;
  tabIndex?: number;
}) {
  // Re-rendered on a language switch: the sentence follows the UI's language.
  useTranslation('errors');
  return (
    <Tag
      role="alert"
      className={className ?? (Tag === 'span' ? undefined : 'notice bad')}
      data-testid={testId}
      ref={ref as Ref<HTMLParagraphElement & HTMLDivElement & HTMLSpanElement>}
      tabIndex={tabIndex}
    >
      {lead ? <strong>{lead} </strong> : null}
      {error === undefined ? null : describeError(error, context)}
      {children}
    </Tag>
  );
}
