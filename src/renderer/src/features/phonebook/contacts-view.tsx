/** The phonebook's contacts: a list with search, and its form (see groups-view.tsx for the shared parts). */
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { Contact } from '@shared/phonebook/types';
import { useContacts, useDeleteContact, useGroups } from './queries';
import { ContactForm } from './contact-form';
import { ListStatus, ManagedRows, useManagedList, type RowWords } from '../../components/managed-list';
import { Field } from '../../components/field';

const MANAGE_LIMIT = 500;

export function ContactsView() {
  const { t } = useTranslation('phonebook');
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const contacts = useContacts(query, MANAGE_LIMIT);
  const groups = useGroups();
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  const label = (c: Contact) => c.name || displayFax(c.fax);
  const list = useManagedList<Contact>(useDeleteContact(), (c) => t('contact.deleted', { name: label(c) }));
  const { editing, setEditing, status, error, doneEditing } = list;
  const rowWords = (c: Contact): RowWords => ({
    question: t('contact.confirmDelete', { name: label(c) }),
    yes: t('contact.confirmYes'),
    cancel: t('contact.cancel'),
    edit: t('contact.editButton'),
    editLabel: t('contact.editLabel', { name: label(c) }),
    del: t('contact.deleteButton'),
    deleteLabel: t('contact.deleteLabel', { name: label(c) }),
  });

  return (
    <div className="pb-view">
      {editing ? (
        <ContactForm
          key={editing === 'new' ? 'new' : editing.id}
          contact={editing === 'new' ? null : editing}
          onDone={doneEditing}
        />
      ) : (
        <div className="row pb-toolbar">
          <button type="button" className="btn primary" onClick={() => setEditing('new')}>
            {t('contact.new')}
          </button>
          <Field id={searchId} label={t('picker.search')} className="pb-search">
            {(control) => <input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
          </Field>
        </div>
      )}
      <ListStatus status={status} error={error} />
      {(contacts.data?.contacts.length ?? 0) === 0 ? (
        <p className="muted">{query ? t('picker.noMatches', { search: query }) : t('picker.noContactsHere')}</p>
      ) : (
        <ManagedRows list={list} items={contacts.data?.contacts ?? []} label={t('contact.listLabel')} words={rowWords}>
          {(c) => (
            <>
              <span className="pb-name">{c.name || t('picker.unnamed')}</span>
              <span className="pb-fax">{displayFax(c.fax)}</span>
              {c.company ? <span className="muted">{c.company}</span> : null}
              {c.groupIds.length > 0 ? <span className="muted">{c.groupIds.map((g) => groupName.get(g) ?? '').join(', ')}</span> : null}
            </>
          )}
        </ManagedRows>
      )}
      {(contacts.data?.total ?? 0) > MANAGE_LIMIT ? (
        <p className="muted">{t('picker.truncated', { shown: contacts.data?.contacts.length, total: contacts.data?.total })}</p>
      ) : null}
    </div>
  );
}
