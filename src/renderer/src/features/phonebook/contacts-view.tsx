/** The phonebook's contacts: a list with search, and its form (see groups-view.tsx for the shared parts). */
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumber } from '@shared/phone/parse';
import { displayFax } from '@shared/phonebook/format';
import type { Contact } from '@shared/phonebook/types';
import { CallError } from '../../lib/api';
import { countryName } from '../../lib/country';
import { useContacts, useDefaultCountry, useDeleteContact, useGroups, useSaveContact } from './queries';
import { FormFooter } from '../../components/form-footer';
import { ListStatus, ManagedRows, useManagedList, type RowWords } from '../../components/managed-list';
import { Field } from '../../components/field';
import { describeError } from '../../lib/describe-error';

const MANAGE_LIMIT = 500;

function ContactForm({ contact, onDone }: { contact: Contact | null; onDone(message: string): void }) {
  const { t, i18n } = useTranslation('phonebook');
  const country = useDefaultCountry();
  const groups = useGroups();
  const save = useSaveContact();
  const id = useId();
  const [name, setName] = useState(contact?.name ?? '');
  const [fax, setFax] = useState(contact ? displayFax(contact.fax) : '');
  const [company, setCompany] = useState(contact?.company ?? '');
  const [note, setNote] = useState(contact?.note ?? '');
  const [groupIds, setGroupIds] = useState<string[]>(contact?.groupIds ?? []);
  const [faxError, setFaxError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const checkFax = (): boolean => {
    if (!fax.trim()) {
      setFaxError(t('contact.faxRequired'));
      return false;
    }
    const r = normalizeNumber(fax, country);
    setFaxError(r.ok ? null : t(`reasons.${r.reason}`));
    return r.ok;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!checkFax()) return;
    save.mutate(
      { ...(contact ? { id: contact.id } : {}), name, fax, company, note, groupIds, defaultCountry: country },
      {
        onSuccess: (saved) => onDone(t('contact.saved', { name: saved.name || displayFax(saved.fax) })),
        onError: (err) => {
          const text = describeError(err);
          if (err instanceof CallError && err.fields?.fax) setFaxError(text);
          else setFormError(text);
        },
      },
    );
  };

  return (
    <form className="pb-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{contact ? t('contact.edit', { name: contact.name || displayFax(contact.fax) }) : t('contact.formNew')}</h3>
      <Field id={`${id}-name`} label={t('contact.name')}>
        {(control) => <input {...control} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
      </Field>
      <Field id={`${id}-fax`} label={t('contact.fax')} hint={t('contact.faxHint', { country: countryName(country, i18n.language) })} error={faxError}>
        {(control) => (
          <input {...control} value={fax} inputMode="tel" required onChange={(e) => setFax(e.target.value)} onBlur={() => fax.trim() && checkFax()} />
        )}
      </Field>
      <Field id={`${id}-company`} label={t('contact.company')}>
        {(control) => <input {...control} value={company} maxLength={1000} onChange={(e) => setCompany(e.target.value)} />}
      </Field>
      <Field id={`${id}-note`} label={t('contact.note')}>
        {(control) => <textarea {...control} value={note} rows={2} maxLength={1000} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      {(groups.data?.length ?? 0) > 0 ? (
        <fieldset className="pb-set">
          <legend>{t('contact.groups')}</legend>
          <ul className="pb-list">
            {groups.data?.map((g) => (
              <li key={g.id}>
                <label className="pb-item">
                  <input
                    type="checkbox"
                    checked={groupIds.includes(g.id)}
                    onChange={() => setGroupIds((ids) => (ids.includes(g.id) ? ids.filter((x) => x !== g.id) : [...ids, g.id]))}
                  />
                  <span>{g.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FormFooter
        error={formError}
        saving={save.isPending}
        saveLabel={t('contact.save')}
        cancelLabel={t('contact.cancel')}
        onCancel={() => onDone('')}
      />
    </form>
  );
}

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
