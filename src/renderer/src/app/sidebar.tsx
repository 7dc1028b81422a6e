import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { routes, type Route } from '../navigation';
import { shellSlots } from './screens';
import { NavIcon } from './nav-icon';

/** The app's name and one button per screen (with its badge, e.g. the failure count); hidden while the secret is asked first. */
export function Sidebar({ route, hidden, onPick }: { route: Route; hidden: boolean; onPick(route: Route): void }) {
  const { t } = useTranslation();
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <div className="brand">
        <Printer aria-hidden="true" size={20} className="brand-icon" />
        <span className="brand-text">{t('appName')}</span>
      </div>
      <ul hidden={hidden}>
        {routes.map((r) => {
          const Badge = shellSlots.navBadge[r];
          return (
            <li key={r}>
              <button
                type="button"
                className={r === route ? 'nav-item active' : 'nav-item'}
                aria-current={r === route ? 'page' : undefined}
                onClick={() => onPick(r)}
                title={t(`nav.${r}`)}
                data-testid={`nav-${r}`}
              >
                <NavIcon route={r} />
                <span className="nav-label">{t(`nav.${r}`)}</span>
                {Badge ? (
                  <Suspense fallback={null}>
                    <Badge />
                  </Suspense>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
