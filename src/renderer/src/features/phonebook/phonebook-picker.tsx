import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, Group, RecentNumber } from '@shared/phonebook/types';
import { displayFax } from '@shared/phonebook/format';
import { DirectoryResults, type DirectoryPick } from '../directory';
import { ManageDialog } from './manage-dialog';
import { PICKER_LIMIT, useContacts, useGroups, useRecentNumbers } from './queries';
import './phonebook.css';
import { formatLocal } from '@shared/service-time';
import { Field } from '../../components/field';
import { ErrorNotice } from '../../components/error-notice';

interface Picked {
  groups: Map<string, string[]>;
  contacts: Map<string, string>;
  recent: Set<string>;
  /** directory picks: directory id | DN | number -> number */
  directory: Map<string, string>;
}

const empty = (): Picked => ({ groups: new Map(), contacts: new Map(), recent: new Set(), directory: new Map() });

/** Every picked number once, groups first, in the order they were shown. */
function pickedNumbers(p: Picked): string[] {
  return [...new Set([...[...p.groups.values()].flat(), ...p.contacts.values(), ...p.directory.values(), ...p.recent])];
}

function matches(group: Group, search: string): boolean {
  return !search || group.name.toLocaleLowerCase().includes(search.toLocaleLowerCase());
}

/**
 * Contacts, groups and recent numbers with checkboxes; "Add to recipients"
 * hands the picked numbers (spec format, each once) to `onPick`.
 */
export const PhonebookPicker = memo(function PhonebookPicker({ onPick }: { onPick(numbers: string[]): void }) {
  const { t, i18n } = useTranslation('phonebook');
  const headingId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const contacts = useContacts(query);
  const groups = useGroups();
  const recent = useRecentNumbers();
  const [picked, setPicked] = useState<Picked>(empty);
  const [status, setStatus] = useState('');
  const [managing, setManaging] = useState(false);

  const numbers = useMemo(() => pickedNumbers(picked), [picked]);
  const shownGroups = (groups.data ?? []).filter((g) => matches(g, query));

  const toggle = (update: (next: Picked) => void) => {
    setPicked((prev) => {
      const next = { groups: new Map(prev.groups), contacts: new Map(prev.contacts), recent: new Set(prev.recent), directory: new Map(prev.directory) };
      update(next);
      return next;
    });
    setStatus('');
  };
  const toggleGroup = (g: Group) => toggle((p) => (p.groups.has(g.id) ? p.groups.delete(g.id) : p.groups.set(g.id, g.numbers)));
  const toggleContact = (c: Contact) => toggle((p) => (p.contacts.has(c.id) ? p.contacts.delete(c.id) : p.contacts.set(c.id, c.fax)));
  const toggleRecent = (r: RecentNumber) => toggle((p) => (p.recent.has(r.number) ? p.recent.delete(r.number) : p.recent.add(r.number)));
  const toggleDirectory = (d: DirectoryPick) => toggle((p) => (p.directory.has(d.key) ? p.directory.delete(d.key) : p.directory.set(d.key, d.number)));

  const add = () => {
    if (numbers.length === 0) return;
    onPick(numbers);
    setPicked(empty());
    setStatus(t('picker.added', { count: numbers.length }));
  };

  const error = contacts.error ?? groups.error ?? recent.error;

  return (
    <section className="pb-picker" aria-labelledby={headingId}>
      <div className="pb-picker-head">
        <h3 id={headingId}>{t('picker.heading')}</h3>
        <button type="button" className="btn small" onClick={() => setManaging(true)}>
          {t('picker.manage')}
        </button>
      </div>
      <Field id={searchId} label={t('picker.search')} className="pb-search">
        {(control) => <input {...control} type="search" value={search} placeholder={t('picker.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />}
      </Field>
      {error ? <ErrorNotice error={error} lead={t('picker.loadError')} /> : null}

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
                  <input type="checkbox" checked={picked.groups.has(g.id)} onChange={() => toggleGroup(g)} disabled={g.numbers.length === 0} />
                  <span className="pb-name">{t('picker.groupLabel', { name: g.name, count: g.numbers.length })}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

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
                    <input type="checkbox" checked={picked.contacts.has(c.id)} onChange={() => toggleContact(c)} />
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

      <DirectoryResults search={search} isPicked={(key) => picked.directory.has(key)} onToggle={toggleDirectory} />

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
                  <input type="checkbox" checked={picked.recent.has(r.number)} onChange={() => toggleRecent(r)} />
                  <span className="pb-fax">{displayFax(r.number)}</span>
                  {r.contactName ? <span className="pb-name">{r.contactName}</span> : null}
                  <span className="muted pb-when">{t('picker.recentWhen', { when: formatLocal(new Date(r.lastUsedAt), { locale: i18n.language }) })}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <div className="pb-actions">
        <button type="button" className="btn primary" onClick={add} disabled={numbers.length === 0}>
          {t('picker.add')}
        </button>
        <span className="muted">{numbers.length > 0 ? t('picker.selected', { count: numbers.length }) : null}</span>
        <span role="status" className="pb-status">
          {status}
        </span>
      </div>
      {managing ? <ManageDialog onClose={() => setManaging(false)} /> : null}
    </section>
  );
});
