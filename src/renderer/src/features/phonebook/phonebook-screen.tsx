import { useTranslation } from 'react-i18next';
import { PhonebookSections } from './manage-dialog';
import './phonebook.css';

/**
 * The phonebook as a screen of its own (sidebar): reachable from anywhere, and usable while the
 * Send screen is locked on a finished send, unlike its dialog there.
 */
export function PhonebookScreen() {
  const { t } = useTranslation('phonebook');
  return (
    <section className="screen phonebook-screen" aria-labelledby="phonebook-title">
      <h1 id="phonebook-title">{t('screen.title')}</h1>
      <p className="muted">{t('screen.intro')}</p>
      <PhonebookSections bodyClassName="panel pb-screen-body" />
    </section>
  );
}
