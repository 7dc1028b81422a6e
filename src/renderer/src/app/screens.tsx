import type { ComponentType, ReactNode } from 'react';
import { onDemand, prefetchOnDemand } from '../lib/on-demand';
import { withLaterStrings } from '../i18n';
import type { Route } from '../navigation';
import { BalanceChip, DemoBadge } from '../features/account';
import { ServiceStatus } from '../features/tasks';
// The Send screen is the first screen: it comes with the entry, so nothing waits on a second
// fetch before it paints (issue 15: lazy, it appeared ~300 ms after the shell). The others load
// on first use; the failure count in the sidebar only needs its badge.
import { SendScreen } from '../features/send/send-screen';
import { FailuresBadge } from '../features/failures/failures-badge';

/**
 * A screen loaded on first use (prefetched after the first paint, see lib/on-demand), with the
 * words only later screens use (Settings, the office, directories): it renders when both are here.
 */
function screenOnDemand(load: () => Promise<ComponentType>): { Screen: ComponentType; load: () => Promise<ComponentType> } {
  const { Component, load: loadOnce } = onDemand(withLaterStrings(load));
  return { Screen: Component, load: loadOnce };
}

const screensOnDemand = {
  tasks: screenOnDemand(() => import('../features/tasks/tasks-screen').then((m) => m.TasksScreen)),
  failures: screenOnDemand(() => import('../features/failures/failures-screen').then((m) => m.FailuresScreen)),
  phonebook: screenOnDemand(() => import('../features/phonebook/phonebook-screen').then((m) => m.PhonebookScreen)),
  account: screenOnDemand(() => import('../features/account/account-screen').then((m) => m.AccountScreen)),
  settings: screenOnDemand(() => import('../features/settings/settings-screen').then((m) => m.SettingsScreen)),
};

/**
 * Fetches the other screens, and every other part loaded on demand (dialogs, the long check table),
 * once the first screen is painted, so a first click on them waits for no download.
 */
export function prefetchScreens(): void {
  prefetchOnDemand();
}

/**
 * Resolves once a route's screen can render without suspending. The shell waits for it before it
 * switches screens, so a click shows the new screen as soon as its module is here (usually at
 * once: they are prefetched) instead of a placeholder held for React's 300 ms minimum.
 */
export function screenReady(route: Route): Promise<void> {
  const entry = (screensOnDemand as Partial<Record<Route, { load: () => Promise<ComponentType> }>>)[route];
  return entry ? entry.load().then(() => undefined, () => undefined) : Promise.resolve();
}

/** Each feature registers its screen here (rendered inside a Suspense boundary by the shell). */
export const screens: Record<Route, ComponentType> = {
  send: SendScreen,
  tasks: screensOnDemand.tasks.Screen,
  failures: screensOnDemand.failures.Screen,
  phonebook: screensOnDemand.phonebook.Screen,
  account: screensOnDemand.account.Screen,
  settings: screensOnDemand.settings.Screen,
};

/** Optional extras in the shell: header badges (demo, balance), sidebar counts. */
export const shellSlots: { header: Array<() => ReactNode>; navBadge: Partial<Record<Route, ComponentType>> } = {
  header: [ServiceStatus, DemoBadge, BalanceChip],
  navBadge: { failures: FailuresBadge },
};
