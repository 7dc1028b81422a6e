import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Route } from './ui-store';
import { BalanceChip, DemoBadge } from '../features/account/shell-slots';
import { ServiceStatus } from '../features/tasks/service-status';
// Tasks and Failures are where users live after sending (and the failure count is in the
// sidebar from the start): they come with the shell. The others load on first use, so the
// shell is interactive before their code (phone-number metadata, pdf.js…) is fetched and parsed.
import { TasksScreen } from '../features/tasks/tasks-screen';
import { FailuresBadge, FailuresScreen } from '../features/failures/failures-screen';

const SendScreen = lazy(() => import('../features/send/send-screen').then((m) => ({ default: m.SendScreen })));
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
