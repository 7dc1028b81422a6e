/**
 * The phonebook's groups: a list with its form. Built like contacts-view.tsx (and Settings →
 * Phonebooks) from the same shared parts — useManagedList, ManagedRows, ListStatus, FormFooter in
 * components/ — so what the two files still have alike (a form ending in FormFooter, a view whose
 * hooks wire its own list and words) is each list's own wiring, deliberately not shared further.
 */
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFax } from '@shared/phonebook/format';
import type { Group } from '@shared/phonebook/types';
import { useContacts, useDeleteGroup, useGroups, useSaveGroup } from './queries';
import { FormFooter } from '../../components/form-footer';
import { ListStatus, ManagedRows, useManagedList, type RowWords } from '../../components/managed-list';
import { Field } from '../../components/field';
import { describeError } from '../../lib/describe-error';

const MEMBER_LIMIT = 1000;

function GroupForm({ group, onDone }: { group: Group | null; onDone(message: string): void }) {
  const { t } = useTranslation('phonebook');
  const id = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<Set<string>>(() => new Set(group?.members ?? []));
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim());
  const contacts = useContacts(query, MEMBER_LIMIT);
  const save = useSaveGroup();
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError(t('group.nameRequired'));
      return;
    }
    save.mutate(
      { ...(group ? { id: group.id } : {}), name, members: [...members] },
      {
        onSuccess: (saved) => onDone(t('group.saved', { name: saved.name })),
        onError: (err) => setError(describeError(err)),
      },
    );
  };

  const toggle = (contactId: string) =>
    setMembers((prev) => {
      const next = new Set(prev);
      if (next.has(contactId)) next.delete(contactId);
      else next.add(contactId);
      return next;
    });

  return (
    <form className="pb-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{group ? t('group.formEdit', { name: group.name }) : t('group.formNew')}</h3>
      <Field id={`${id}-name`} label={t('group.name')}>
        {(control) => <input {...control} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} autoComplete="off" />}
      </Field>
      <fieldset className="pb-set">
        <legend>
          {t('group.members')} · {t('group.membersCount', { count: members.size })}
        </legend>
        <Field id={`${id}-filter`} label={t('picker.search')} className="pb-search">
          {(control) => <input {...control} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />}
        </Field>
        {(contacts.data?.contacts.length ?? 0) === 0 ? (
          <p className="muted">{query ? t('picker.noMatches', { search: query }) : t('group.noContacts')}</p>
        ) : (
          <ul className="pb-list pb-scroll">
            {contacts.data?.contacts.map((c) => (
              <li key={c.id}>
                <label className="pb-item">
                  <input type="checkbox" checked={members.has(c.id)} onChange={() => toggle(c.id)} />
                  <span className="pb-name">{c.name || t('picker.unnamed')}</span>
                  <span className="pb-fax">{displayFax(c.fax)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FormFooter
        error={error}
        saving={save.isPending}
        saveLabel={t('group.save')}
        cancelLabel={t('group.cancel')}
        onCancel={() => onDone('')}
      />
    </form>
  );
}

export function GroupsView() {
  const { t } = useTranslation('phonebook');
  const groups = useGroups();
  const list = useManagedList<Group>(useDeleteGroup(), (g) => t('group.deleted', { name: g.name }));
  const { editing, setEditing, status, error, doneEditing } = list;
  const rowWords = (g: Group): RowWords => ({
    question: t('group.confirmDelete', { name: g.name }),
    yes: t('group.confirmYes'),
    cancel: t('group.cancel'),
    edit: t('group.editButton'),
    editLabel: t('group.editLabel', { name: g.name }),
    del: t('group.deleteButton'),
    deleteLabel: t('group.deleteLabel', { name: g.name }),
  });

  return (
    <div className="pb-view">
      {editing ? (
        <GroupForm
          key={editing === 'new' ? 'new' : editing.id}
          group={editing === 'new' ? null : editing}
          onDone={doneEditing}
        />
      ) : (
        <div className="row pb-toolbar">
          <button type="button" className="btn primary" onClick={() => setEditing('new')}>
            {t('group.new')}
          </button>
        </div>
      )}
      <ListStatus status={status} error={error} />
      {(groups.data?.length ?? 0) === 0 ? (
        <p className="muted">{t('picker.noGroupsHere')}</p>
      ) : (
        <ManagedRows list={list} items={groups.data ?? []} label={t('group.listLabel')} words={rowWords}>
          {(g) => (
            <>
              <span className="pb-name">{g.name}</span>
              <span className="muted">{t('group.membersCount', { count: g.members.length })}</span>
            </>
          )}
        </ManagedRows>
      )}
    </div>
  );
}
