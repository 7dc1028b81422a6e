import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import { PICKER_LIMIT, useContacts } from '../queries';
import type { PickedState } from './use-picked';

/** The contacts matching the search (the first PICKER_LIMIT, saying so when there are more). */
export function PickerContacts({ query, pick }: { query: string; pick: PickedState }) {
  const { t } = useTranslation('phonebook');
  const contacts = useContacts(query);
  return (
    <fieldset className="pb-set">
      <legend>{t('picker.contacts')}</legend>
      {contacts.isPending ? (
        <p className="muted">{t('picker.loading')}</p>
      ) : (contacts.data?.contacts.length ?? 0) === 0 ? (
        <p className="muted">{query ? t('picker.noMatches', { search: query }) : t('picker.noContacts')}</p>
      ) : (
        <>
          <ul className="pb-list pb-scroll">
            {contacts.data?.contacts.map((c) => (
              <li key={c.id}>
                <label className="pb-item">
                  <input type="checkbox" checked={pick.picked.contacts.has(c.id)} onChange={() => pick.toggleContact(c)} />
                  <span className="pb-name">{c.name || t('picker.unnamed')}</span>
                  <span className="pb-fax">{displayFax(c.fax)}</span>
                  {c.company ? <span className="pb-company muted">{c.company}</span> : null}
                </label>
              </li>
            ))}
          </ul>
          {(contacts.data?.total ?? 0) > PICKER_LIMIT ? (
            <p className="muted pb-note">{t('picker.truncated', { shown: contacts.data?.contacts.length, total: contacts.data?.total })}</p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
