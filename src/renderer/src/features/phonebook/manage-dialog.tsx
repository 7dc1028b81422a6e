import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactsView } from './contacts-view';
import { GroupsView } from './groups-view';
import { TransferView } from './transfer-view';

const views = ['contacts', 'groups', 'transfer'] as const;
type View = (typeof views)[number];

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Contacts, groups and import/export behind one row of section buttons: in the Send screen's dialog and on the Phonebook screen. */
export function PhonebookSections({ bodyClassName }: { bodyClassName: string }) {
  const { t } = useTranslation('phonebook');
  const [view, setView] = useState<View>('contacts');
  return (
    <>
      <div className="pb-views" role="group" aria-label={t('manage.viewsLabel')}>
        {views.map((v) => (
          <button key={v} type="button" className={v === view ? 'btn primary' : 'btn'} aria-pressed={v === view} onClick={() => setView(v)}>
            {t(`manage.views.${v}`)}
          </button>
        ))}
      </div>
      <div className={bodyClassName}>{view === 'contacts' ? <ContactsView /> : view === 'groups' ? <GroupsView /> : <TransferView />}</div>
    </>
  );
}

/** A modal dialog: focus moves in, stays in (Tab wraps), Escape closes, focus returns to the opener. */
export function ManageDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('phonebook');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="pb-backdrop">
      <div
        className="pb-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
        onKeyDown={onKeyDown}
      >
        <div className="pb-dialog-head">
          <h2 id={titleId}>{t('manage.title')}</h2>
          <button type="button" className="btn" onClick={onClose}>
            {t('manage.close')}
          </button>
        </div>
        <PhonebookSections bodyClassName="pb-dialog-body" />
      </div>
    </div>
  );
}
