import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import { formatLocal } from '@shared/service-time';
import { useRecentNumbers } from '../queries';
import type { PickedState } from './use-picked';

/** Numbers sent to lately, with their contact's name and when. */
export function PickerRecent({ pick }: { pick: PickedState }) {
  const { t, i18n } = useTranslation('phonebook');
  const recent = useRecentNumbers();
  return (
    <fieldset className="pb-set">
      <legend>{t('picker.recent')}</legend>
      {recent.isPending ? (
        <p className="muted">{t('picker.loading')}</p>
      ) : (recent.data?.length ?? 0) === 0 ? (
        <p className="muted">{t('picker.noRecent')}</p>
      ) : (
        <ul className="pb-list">
          {recent.data?.map((r) => (
            <li key={r.number}>
              <label className="pb-item">
                <input type="checkbox" checked={pick.picked.recent.has(r.number)} onChange={() => pick.toggleRecent(r)} />
                <span className="pb-fax">{displayFax(r.number)}</span>
                {r.contactName ? <span className="pb-name">{r.contactName}</span> : null}
                <span className="muted pb-when">{t('picker.recentWhen', { when: formatLocal(new Date(r.lastUsedAt), { locale: i18n.language }) })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
