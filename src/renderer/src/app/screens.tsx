import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Route } from './ui-store';
import { BalanceChip, DemoBadge } from '../features/account/shell-slots';
import { ServiceStatus } from '../features/tasks/service-status';
// The Send screen is the first screen: it comes with the entry, so nothing waits on a second
// fetch before it paints (issue 15: lazy, it appeared ~300 ms after the shell). The others load
// on first use; the failure count in the sidebar only needs its badge.
import { SendScreen } from '../features/send/send-screen';
import { FailuresBadge } from '../features/failures/failures-badge';

const TasksScreen = lazy(() => import('../features/tasks/tasks-screen').then((m) => ({ default: m.TasksScreen })));
const FailuresScreen = lazy(() => import('../features/failures/failures-screen').then((m) => ({ default: m.FailuresScreen })));
const AccountScreen = lazy(() => import('../features/account/account-screen').then((m) => ({ default: m.AccountScreen })));
const SettingsScreen = lazy(() => import('../features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen })));

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
