import { Suspense, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BookUser, ListChecks, Printer, Send, Settings, TriangleAlert, Wallet, type LucideIcon } from 'lucide-react';
import { api } from '../lib/api';
import { isRoute, routes, useNavigation, type Route } from '../navigation';
import { screenReady, screens, shellSlots } from './screens';
import { StartupNotices } from './startup-notices';
import { TaskEndToasts } from './task-end-toasts';
import { ManagedFirstRun, useAccountEvents, useConnection, usePolicy } from '../features/account';
import { credentialKey, sameCredentialKey } from '../../../shared/credential-key';
import { useTaskEvents } from '../features/tasks';
import { ArrivalNotice, useHotFolderEvents } from '../features/send';

/** One icon per screen (lucide): the sidebar shows only these in a narrow window. */
const NAV_ICONS: Record<Route, LucideIcon> = { send: Send, tasks: ListChecks, failures: TriangleAlert, phonebook: BookUser, account: Wallet, settings: Settings };

export function Shell() {
  const { t } = useTranslation();
  const route = useNavigation((s) => s.route);
  const setStoreRoute = useNavigation((s) => s.setRoute);
  const Screen = screens[route];
  const queryClient = useQueryClient();
  // main's events reach the cache here, once for the whole window
  useAccountEvents();
  useTaskEvents();
  useHotFolderEvents();
  // A managed desk whose account has no secret yet: the secret is the one thing asked, before any screen.
  const connection = useConnection().data;
  const managedService = usePolicy().data?.service;
  const askSecret =
    !!managedService &&
    connection?.mode === 'account' &&
    !connection.secretSet &&
    sameCredentialKey(credentialKey(connection.baseUrl, connection.apiKey), credentialKey(managedService.baseUrl, managedService.apiKey));
  // A new screen starts at its top, not where the previous one was scrolled to.
  const content = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (content.current) content.current.scrollTop = 0;
  }, [route]);
  // The screen's module first, then the switch (a failed load still switches: the screen's fallback says so).
  const setRoute = useCallback((r: Route) => void screenReady(r).then(() => setStoreRoute(r)), [setStoreRoute]);

  useEffect(() => {
    // Menu, tray and notification clicks in main arrive as navigate events.
    return api().on('navigate', ({ route: next }) => {
      const [name, taskRef] = next.split('/');
      if (name === 'refresh') return void queryClient.invalidateQueries();
      if (name && isRoute(name)) setRoute(name);
      if (name === 'tasks' && taskRef) useNavigation.getState().openTask(taskRef);
    });
  }, [setRoute, queryClient]);

  return (
    <div className="shell">
      {/* The first Tab stop: past the sidebar to the screen itself. */}
      <a
        className="skip-link"
        href="#content"
        onClick={(e) => {
          e.preventDefault();
          content.current?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <nav className="sidebar" aria-label={t('nav.label')}>
        <div className="brand">
          <Printer aria-hidden="true" size={20} className="brand-icon" />
          <span className="brand-text">{t('appName')}</span>
        </div>
        <ul hidden={askSecret}>
          {routes.map((r) => {
            const Badge = shellSlots.navBadge[r];
            return (
              <li key={r}>
                <button
                  type="button"
                  className={r === route ? 'nav-item active' : 'nav-item'}
                  aria-current={r === route ? 'page' : undefined}
                  onClick={() => setRoute(r)}
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
      <div className="main">
        <header className="topbar">
          {askSecret ? null : shellSlots.header.map((Slot, i) => <Slot key={i} />)}
        </header>
        <StartupNotices />
        <TaskEndToasts />
        <ArrivalNotice />
        <main className="content" id="content" ref={content} tabIndex={-1}>
          {askSecret && managedService ? (
            <ManagedFirstRun service={managedService} />
          ) : (
            <Suspense fallback={<p className="muted">{t('loading')}</p>}>
              <Screen />
            </Suspense>
          )}
        </main>
      </div>
    </div>
  );
}

function NavIcon({ route }: { route: Route }) {
  const Icon = NAV_ICONS[route];
  return <Icon aria-hidden="true" size={18} className="nav-icon" />;
}
