import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Route } from './ui-store';
import { BalanceChip, DemoBadge } from '../features/account/shell-slots';
import { ServiceStatus } from '../features/tasks/service-status';

// Screens load on first use, so the shell is interactive before any screen's code (and the
// phone-number metadata, pdf.js, the virtual table…) has been fetched and parsed.
const SendScreen = lazy(() => import('../features/send/send-screen').then((m) => ({ default: m.SendScreen })));
const TasksScreen = lazy(() => import('../features/tasks/tasks-screen').then((m) => ({ default: m.TasksScreen })));
const FailuresScreen = lazy(() => import('../features/failures/failures-screen').then((m) => ({ default: m.FailuresScreen })));
const FailuresBadge = lazy(() => import('../features/failures/failures-screen').then((m) => ({ default: m.FailuresBadge })));
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
