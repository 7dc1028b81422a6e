import { Suspense, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { isRoute, useNavigation, type Route } from '../navigation';
import { screenReady, screens, shellSlots } from './screens';
import { StartupNotices } from './startup-notices';
import { TaskEndToasts } from './task-end-toasts';
import { ManagedFirstRun, useAccountEvents } from '../features/account';
import { Sidebar } from './sidebar';
import { useAskSecret } from './use-ask-secret';
import { useTaskEvents } from '../features/tasks';
import { ArrivalNotice, useHotFolderEvents } from '../features/send';

/** The window: sidebar, header slots, notices and toasts, and the screen on show. */
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
  const { askSecret, managedService } = useAskSecret();
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
      <Sidebar route={route} hidden={askSecret} onPick={setRoute} />
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
