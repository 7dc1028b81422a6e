import { memo, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectoryResults } from '../directory';
import { useContacts, useGroups, useRecentNumbers } from './queries';
import './phonebook.css';
import { Field } from '../../components/field';
import { ErrorNotice } from '../../components/error-notice';
import { dialogOnDemand } from '../../lib/on-demand';
import { PickerContacts } from './picker/picker-contacts';
import { PickerGroups } from './picker/picker-groups';
import { PickerRecent } from './picker/picker-recent';
import { usePicked } from './picker/use-picked';

/** The phonebook's editor (contacts, groups, import/export): its own chunk, not the first screen's. */
const manageDialog = dialogOnDemand(() => import('./manage-dialog').then((m) => m.ManageDialog));
const ManageDialog = manageDialog.Component;

/**
 * Contacts, groups and recent numbers with checkboxes; "Add to recipients"
 * hands the picked numbers (spec format, each once) to `onPick`.
 */
export const PhonebookPicker = memo(function PhonebookPicker({ onPick }: { onPick(numbers: string[]): void }) {
  const { t } = useTranslation('phonebook');
  const headingId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [status, setStatus] = useState('');
  const [managing, setManaging] = useState(false);
  const openManage = () => setManaging(true);
  const pick = usePicked(() => setStatus(''));
  const { numbers } = pick;
  // the lists ask for themselves; the first failure among them is said once, here
  const contacts = useContacts(query);
  const groups = useGroups();
  const recent = useRecentNumbers();
  const error = contacts.error ?? groups.error ?? recent.error;

  const add = () => {
    if (numbers.length === 0) return;
    onPick(numbers);
    pick.clear();
    setStatus(t('picker.added', { count: numbers.length }));
  };

  return (
    <section className="pb-picker" aria-labelledby={headingId}>
      <div className="pb-picker-head">
        <h3 id={headingId}>{t('picker.heading')}</h3>
        {/* the dialog opens once its code is here (prefetched after the first paint: usually at once) */}
        <button type="button" className="btn small" onClick={() => void manageDialog.load().then(openManage, openManage)}>
          {t('picker.manage')}
        </button>
      </div>
      <Field id={searchId} label={t('picker.search')} className="pb-search">
        {(control) => <input {...control} type="search" value={search} placeholder={t('picker.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />}
      </Field>
      {error ? <ErrorNotice error={error} lead={t('picker.loadError')} /> : null}
      <PickerGroups query={query} pick={pick} />
      <PickerContacts query={query} pick={pick} />
      <DirectoryResults search={search} isPicked={(key) => pick.picked.directory.has(key)} onToggle={pick.toggleDirectory} />
      <PickerRecent pick={pick} />
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
