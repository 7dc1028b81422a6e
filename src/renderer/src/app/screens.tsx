import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Route } from './ui-store';
import { BalanceChip, DemoBadge } from '../features/account/shell-slots';
import { ServiceStatus } from '../features/tasks/service-status';
// The Send screen is the first screen: it comes with the entry, so nothing waits on a second
// fetch before it paints (issue 15: lazy, it appeared ~300 ms after the shell). The others load
// on first use; the failure count in the sidebar only needs its badge.
import { SendScreen } from '../features/send/send-screen';
import { FailuresBadge } from '../features/failures/failures-badge';

const loaders = {
  tasks: () => import('../features/tasks/tasks-screen'),
  failures: () => import('../features/failures/failures-screen'),
  account: () => import('../features/account/account-screen'),
  settings: () => import('../features/settings/settings-screen'),
};
const TasksScreen = lazy(() => loaders.tasks().then((m) => ({ default: m.TasksScreen })));
const FailuresScreen = lazy(() => loaders.failures().then((m) => ({ default: m.FailuresScreen })));
const AccountScreen = lazy(() => loaders.account().then((m) => ({ default: m.AccountScreen })));
const SettingsScreen = lazy(() => loaders.settings().then((m) => ({ default: m.SettingsScreen })));

/** Fetches the other screens once the first one is painted, so a first click on them waits for no download. */
export function prefetchScreens(): void {
  for (const load of Object.values(loaders)) void load().catch(() => {});
}

/** Each feature registers its screen here (rendered inside a Suspense boundary by the shell). */
export const screens: Record<Route, ComponentType> = {
  send: SendScreen,
  tasks: TasksScreen,
  failures: FailuresScreen,
  account: AccountScreen,
  settings: SettingsScreen,
};

/** Optional extras in the shell: header badges (demo, balance), sidebar counts. */
export const shellSlots: { header: Array<() => ReactNode>; navBadge: Partial<Record<Route, ComponentType>> } = {
  header: [ServiceStatus, DemoBadge, BalanceChip],
  navBadge: { failures: FailuresBadge },
};
