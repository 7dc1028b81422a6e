import type { ReactNode } from 'react';
import type { Route } from './ui-store';
import { Placeholder } from '../components/placeholder';
import { AccountScreen } from '../features/account/account-screen';
import { BalanceChip, DemoBadge } from '../features/account/shell-slots';
import { SettingsScreen } from '../features/settings/settings-screen';
import { TasksScreen } from '../features/tasks/tasks-screen';
import { FailuresBadge, FailuresScreen } from '../features/failures/failures-screen';

/** Each feature registers its screen here. */
export const screens: Record<Route, () => ReactNode> = {
  send: () => <Placeholder screen="send" />,
  tasks: () => <TasksScreen />,
  failures: () => <FailuresScreen />,
  account: () => <AccountScreen />,
  settings: () => <SettingsScreen />,
};

/** Optional extras in the shell: header badges (demo, balance), sidebar counts. */
export const shellSlots: { header: Array<() => ReactNode>; navBadge: Partial<Record<Route, () => ReactNode>> } = {
  header: [DemoBadge, BalanceChip],
  navBadge: { failures: FailuresBadge },
};
