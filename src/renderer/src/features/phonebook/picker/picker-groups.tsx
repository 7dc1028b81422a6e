import { useTranslation } from 'react-i18next';
import type { Group } from '@shared/phonebook/types';
import { useGroups } from '../queries';
import type { PickedState } from './use-picked';

function matches(group: Group, search: string): boolean {
  return !search || group.name.toLocaleLowerCase().includes(search.toLocaleLowerCase());
}

/** The groups (those whose name matches the search), each ticked as a whole. */
export function PickerGroups({ query, pick }: { query: string; pick: PickedState }) {
  const { t } = useTranslation('phonebook');
  const groups = useGroups();
  const shownGroups = (groups.data ?? []).filter((g) => matches(g, query));
  return (
    <fieldset className="pb-set">
      <legend>{t('picker.groups')}</legend>
      {groups.isPending ? (
        <p className="muted">{t('picker.loading')}</p>
      ) : shownGroups.length === 0 ? (
        <p className="muted">{query && (groups.data?.length ?? 0) > 0 ? t('picker.noGroupMatches', { search: query }) : t('picker.noGroups')}</p>
      ) : (
        <ul className="pb-list">
          {shownGroups.map((g) => (
            <li key={g.id}>
              <label className="pb-item">
                <input type="checkbox" checked={pick.picked.groups.has(g.id)} onChange={() => pick.toggleGroup(g)} disabled={g.numbers.length === 0} />
                <span className="pb-name">{t('picker.groupLabel', { name: g.name, count: g.numbers.length })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
