import { useTranslation } from 'react-i18next';
import { localTime } from '../tasks';
import { useOfficeOnline, useOfficeResends } from './queries';

/**
 * "Resent as … by …" under a fax, for the resends other desks made of it (this desk's own are in its
 * history and listed beside in the task detail; `includeMine` lists them too, for Tasks → Everyone):
 * items of a facts list (<dt>/<dd>), nothing while none.
 */
export function OfficeResends({ taskRef, includeMine = false }: { taskRef: string | null; includeMine?: boolean }) {
  const { t, i18n } = useTranslation('office');
  const online = useOfficeOnline();
  const resends = useOfficeResends(taskRef, online);
  const others = (resends.data ?? []).filter((r) => includeMine || !r.by.mine);
  if (others.length === 0) return null;
  return (
    <>
      <dt>{t('resends.title')}</dt>
      <dd data-testid="office-resent-as">
        <ul className="plain">
          {others.map((r) => (
            <li key={`${r.taskRef ?? r.name}-${r.createdAtMs}`}>
              {t(r.by.mine ? 'resends.itemMine' : 'resends.item', {
                ref: r.taskRef ?? t('tasks.noReference'),
                name: r.by.name,
                computer: r.by.computerName,
                time: localTime(r.createdAtMs, i18n.language),
                count: r.phoneNumbers.length,
              })}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
