import { useTranslation } from 'react-i18next';
import type { FailureGroup } from '@shared/tasks/types';
import { FailureText } from '../tasks';
import { ErrorNotice } from '../../components/error-notice';
import { GridTable } from '../../components/grid-table';
import { FailureRow } from './failure-row';
import { useGroupResend } from './use-group-resend';

/** The failed recipients of one failure code: what the code means, and a row per recipient. */
export function FailureGroupSection({ group, office }: { group: FailureGroup; office: boolean }) {
  const { t } = useTranslation('failures');
  const resend = useGroupResend();
  const code = group.code || t('noCode');
  const headingId = `failure-group-${group.code || 'none'}`;
  return (
    <section className="panel failure-group" aria-labelledby={headingId} data-testid={`failure-group-${group.code}`}>
      <h2 id={headingId}>
        <span>{t('groupTitle', { code, count: group.count })}</span>
        {group.retryable ? <span className="status ok">{t('retryable')}</span> : null}
      </h2>
      <p className="explain">
        <FailureText code={group.code || null} reason={group.items[0]?.failedReason ?? null} />
      </p>
      {resend.error ? <ErrorNotice>{resend.error}</ErrorNotice> : null}
      <GridTable
        className="narrow-stack"
        columns={[
          t('columns.number'),
          t('columns.task'),
          ...(office ? [t('office.sender')] : []),
          t('columns.reason'),
          t('columns.when'),
          t('columns.actions'),
        ]}
      >
        {group.items.map((it) => (
          <FailureRow key={`${it.rcptRef}-${it.taskRef}`} item={it} office={office} retryable={group.retryable} resend={resend} />
        ))}
      </GridTable>
    </section>
  );
}
