import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumber } from '../../../../shared/phone/parse';
import { displayFax } from '../../../../shared/phonebook/format';
import type { Contact } from '../../../../shared/phonebook/types';
import { CallError } from '../../lib/api';
import { countryName } from '../../lib/country';
import { useContacts, useDefaultCountry, useDeleteContact, useGroups, useSaveContact } from './queries';
import { FormFooter } from './form-footer';
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
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('contact.name')}</label>
        <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-fax`}>{t('contact.fax')}</label>
        <input
          id={`${id}-fax`}
          value={fax}
          inputMode="tel"
          required
          aria-invalid={faxError ? true : undefined}
          aria-describedby={`${id}-fax-hint${faxError ? ` ${id}-fax-error` : ''}`}
          onChange={(e) => setFax(e.target.value)}
          onBlur={() => fax.trim() && checkFax()}
        />
        <span className="hint" id={`${id}-fax-hint`}>
          {t('contact.faxHint', { country: countryName(country, i18n.language) })}
        </span>
        {faxError ? (
          <span className="error" id={`${id}-fax-error`}>
            {faxError}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-company`}>{t('contact.company')}</label>
        <input id={`${id}-company`} value={company} maxLength={1000} onChange={(e) => setCompany(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('contact.note')}</label>
        <textarea id={`${id}-note`} value={note} rows={2} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      </div>
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
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  const label = (c: Contact) => c.name || displayFax(c.fax);

  const doDelete = (c: Contact) => {
    setError(null);
    remove.mutate(c.id, {
      onSuccess: () => {
        setConfirming(null);
        setStatus(t('contact.deleted', { name: label(c) }));
      },
      onError: (err) => setError(describeError(err)),
    });
  };

  return (
    <div className="pb-view">
      {editing ? (
        <ContactForm
          key={editing === 'new' ? 'new' : editing.id}
          contact={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setStatus(message);
          }}
        />
      ) : (
        <div className="row pb-toolbar">
          <button type="button" className="btn primary" onClick={() => setEditing('new')}>
            {t('contact.new')}
          </button>
          <div className="field pb-search">
            <label htmlFor={searchId}>{t('picker.search')}</label>
            <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
      )}
      <p role="status" className="pb-status">
        {status}
      </p>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {(contacts.data?.contacts.length ?? 0) === 0 ? (
        <p className="muted">{query ? t('picker.noMatches', { search: query }) : t('picker.noContactsHere')}</p>
      ) : (
        <ul className="pb-rows" aria-label={t('contact.listLabel')}>
          {contacts.data?.contacts.map((c) => (
            <li key={c.id} className="pb-row">
              <div className="pb-row-main">
                <span className="pb-name">{c.name || t('picker.unnamed')}</span>
                <span className="pb-fax">{displayFax(c.fax)}</span>
                {c.company ? <span className="muted">{c.company}</span> : null}
                {c.groupIds.length > 0 ? <span className="muted">{c.groupIds.map((g) => groupName.get(g) ?? '').join(', ')}</span> : null}
              </div>
              {confirming === c.id ? (
                <div className="pb-row-actions" role="group" aria-label={t('contact.confirmDelete', { name: label(c) })}>
                  <span>{t('contact.confirmDelete', { name: label(c) })}</span>
                  <button type="button" className="btn small danger" onClick={() => doDelete(c)} disabled={remove.isPending}>
                    {t('contact.confirmYes')}
                  </button>
                  <button type="button" className="btn small" onClick={() => setConfirming(null)}>
                    {t('contact.cancel')}
                  </button>
                </div>
              ) : (
                <div className="pb-row-actions">
                  <button type="button" className="btn small" aria-label={t('contact.editLabel', { name: label(c) })} onClick={() => setEditing(c)}>
                    {t('contact.editButton')}
                  </button>
                  <button type="button" className="btn small" aria-label={t('contact.deleteLabel', { name: label(c) })} onClick={() => setConfirming(c.id)}>
                    {t('contact.deleteButton')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {(contacts.data?.total ?? 0) > MANAGE_LIMIT ? (
        <p className="muted">{t('picker.truncated', { shown: contacts.data?.contacts.length, total: contacts.data?.total })}</p>
      ) : null}
    </div>
  );
}
