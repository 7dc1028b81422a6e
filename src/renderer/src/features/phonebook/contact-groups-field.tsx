import { useTranslation } from 'react-i18next';
import { useGroups } from './queries';

/** The groups a contact belongs to, ticked in its form (nothing while there are no groups). */
export function ContactGroupsField({ groupIds, onChange }: { groupIds: string[]; onChange(change: (ids: string[]) => string[]): void }) {
  const { t } = useTranslation('phonebook');
  const groups = useGroups();
  if ((groups.data?.length ?? 0) === 0) return null;
  return (
    <fieldset className="pb-set">
      <legend>{t('contact.groups')}</legend>
      <ul className="pb-list">
        {groups.data?.map((g) => (
          <li key={g.id}>
            <label className="pb-item">
              <input type="checkbox" checked={groupIds.includes(g.id)} onChange={() => onChange((ids) => (ids.includes(g.id) ? ids.filter((x) => x !== g.id) : [...ids, g.id]))} />
              <span>{g.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
