import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocal } from '@shared/service-time';
import { CHARGES_MAX_ROWS, CHARGES_PAGE_SIZE, type ChargeRow } from '@shared/tasks/types';
import { useNavigation } from '../../navigation';
import { ErrorNotice } from '../../components/error-notice';
import { GridTable } from '../../components/grid-table';
import { formatYuan } from './format';
import { useMonthCharges } from './hooks';
import './account.css';

/**
 * Account → this month's charges, one row per fax sent from this computer (the office-wide figures per
 * person are the office panel's): the latest first, CHARGES_PAGE_SIZE rows at a time up to CHARGES_MAX_ROWS.
 */
export function ChargesList() {
  const { t } = useTranslation('account');
  const id = useId();
  const [limit, setLimit] = useState(CHARGES_PAGE_SIZE);
  const charges = useMonthCharges(limit);
  const d = charges.data;
  const more = d ? Math.min(CHARGES_PAGE_SIZE, d.total - d.rows.length, CHARGES_MAX_ROWS - d.rows.length) : 0;

  return (
    <section className="panel stack charges-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('charges.heading')}</h2>
      <p className="muted">{t('charges.hint')}</p>
      {charges.error ? <ErrorNotice error={charges.error} /> : null}
      {d && d.rows.length === 0 ? <p className="muted">{t('charges.empty')}</p> : null}
      {d && d.rows.length ? (
        <div className="table-scroll">
          <GridTable
            className="charges"
            label={t('charges.heading')}
            columns={[t('charges.date'), t('charges.fax'), { label: t('charges.pagesRecipients'), className: 'num' }, { label: t('charges.amount'), className: 'num' }]}
          >
            {d.rows.map((r) => (
              <ChargeLine key={r.id} r={r} />
            ))}
            <tr className="charges-total">
              <th scope="row" colSpan={3}>
                {t('charges.total')}
              </th>
              <td className="num" data-testid="charges-total">
                {formatYuan(d.amount)}
              </td>
            </tr>
          </GridTable>
        </div>
      ) : null}
      {d && d.rows.length > 0 && (more > 0 || d.total > d.rows.length) ? (
        <div className="charges-more">
          <span className="muted" role="status">
            {t('charges.shown', { shown: d.rows.length, total: d.total })}
          </span>
          {more > 0 ? (
            <button type="button" className="btn" onClick={() => setLimit(d.rows.length + more)} disabled={charges.isFetching}>
              {t('charges.showMore', { count: more })}
            </button>
          ) : (
            <span className="muted">{t('charges.limit', { max: CHARGES_MAX_ROWS })}</span>
          )}
        </div>
      ) : null}
    </section>
  );
}

function ChargeLine({ r }: { r: ChargeRow }) {
  const { t, i18n } = useTranslation('account');
  const openTask = useNavigation((s) => s.openTask);
  const name = r.name || t('charges.unnamed');
  return (
    <tr data-testid="charge-row">
      <td className="nowrap">{formatLocal(new Date(r.chargedAtMs), { locale: i18n.language })}</td>
      <td>
        <button type="button" className="charge-name" onClick={() => openTask(r.id)} aria-label={t('charges.open', { name })}>
          {name}
        </button>
        {r.demo ? (
          <span className="charge-demo" title={t('tasks:demo.labelLong')}>
            {t('tasks:demo.label')}
          </span>
        ) : null}
      </td>
      <td className="num">
        {t('charges.pages', { count: r.pages })} × {t('charges.recipients', { count: r.recipients })}
      </td>
      <td className="num">{formatYuan(r.amount)}</td>
    </tr>
  );
}
