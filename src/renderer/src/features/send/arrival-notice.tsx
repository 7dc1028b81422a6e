import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../navigation';
import { useArrivals, useArrivalsElsewhere } from './arrivals';

/**
 * The shell's note for documents that arrived while the user was typing on another screen: the screen
 * stays as it was; "Go to Send" opens the Send screen, which takes them.
 */
export function ArrivalNotice() {
  const { t } = useTranslation('send');
  useArrivalsElsewhere();
  const arrived = useArrivals((s) => s.elsewhere);
  const setRoute = useNavigation((s) => s.setRoute);
  const names = arrived.map((d) => d.name).join(', ');
  // the region is always there, so a screen reader announces what appears in it
  return (
    <div className="arrival-notice" role="status" aria-label={t('arrival.region')}>
      {arrived.length > 0 ? (
        <div className="notice info">
          <span>{t('arrival.notice', { count: arrived.length, names })}</span>
          <button type="button" className="btn small" onClick={() => setRoute('send')}>
            {t('arrival.goToSend')}
          </button>
          <button type="button" className="btn small" onClick={() => useArrivals.setState({ elsewhere: [] })}>
            {t('documents.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
