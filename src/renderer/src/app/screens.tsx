import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Route } from '../navigation';
import { BalanceChip, DemoBadge } from '../features/account';
import { ServiceStatus } from '../features/tasks';
// The Send screen is the first screen: it comes with the entry, so nothing waits on a second
// fetch before it paints (issue 15: lazy, it appeared ~300 ms after the shell). The others load
// on first use; the failure count in the sidebar only needs its badge.
import { SendScreen } from '../features/send/send-screen';
import { FailuresBadge } from '../features/failures/failures-badge';

/**
 * A screen loaded on first use. Once its module is here (prefetched after the first paint, or
 * shown once), it renders directly: through React.lazy every first visit suspended, and React
 * holds a suspended screen's fallback for at least 300 ms even when the module is already loaded.
 */
function screenOnDemand(load: () => Promise<ComponentType>): { Screen: ComponentType; load: () => Promise<ComponentType> } {
  let loaded: ComponentType | null = null;
  const loadOnce = () => load().then((c) => (loaded = c));
  const Lazy = lazy(() => loadOnce().then((c) => ({ default: c })));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Screen, load: loadOnce };
}

const onDemand = {
  tasks: screenOnDemand(() => import('../features/tasks/tasks-screen').then((m) => m.TasksScreen)),
  failures: screenOnDemand(() => import('../features/failures/failures-screen').then((m) => m.FailuresScreen)),
  phonebook: screenOnDemand(() => import('../features/phonebook/phonebook-screen').then((m) => m.PhonebookScreen)),
  account: screenOnDemand(() => import('../features/account/account-screen').then((m) => m.AccountScreen)),
  settings: screenOnDemand(() => import('../features/settings/settings-screen').then((m) => m.SettingsScreen)),
};

/** Fetches the other screens once the first one is painted, so a first click on them waits for no download. */
export function prefetchScreens(): void {
  for (const { load } of Object.values(onDemand)) void load().catch(() => {});
}

/**
 * Resolves once a route's screen can render without suspending. The shell waits for it before it
 * switches screens, so a click shows the new screen as soon as its module is here (usually at
 * once: they are prefetched) instead of a placeholder held for React's 300 ms minimum.
 */
export function screenReady(route: Route): Promise<void> {
  const entry = (onDemand as Partial<Record<Route, { load: () => Promise<ComponentType> }>>)[route];
  return entry ? entry.load().then(() => undefined, () => undefined) : Promise.resolve();
}

/** Each feature registers its screen here (rendered inside a Suspense boundary by the shell). */
export const screens: Record<Route, ComponentType> = {
  send: SendScreen,
  tasks: onDemand.tasks.Screen,
  failures: onDemand.failures.Screen,
  phonebook: onDemand.phonebook.Screen,
  account: onDemand.account.Screen,
  settings: onDemand.settings.Screen,
};

/** Optional extras in the shell: header badges (demo, balance), sidebar counts. */
export const shellSlots: { header: Array<() => ReactNode>; navBadge: Partial<Record<Route, ComponentType>> } = {
  header: [ServiceStatus, DemoBadge, BalanceChip],
  navBadge: { failures: FailuresBadge },
};
