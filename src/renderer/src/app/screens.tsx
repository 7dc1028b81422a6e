import type { ReactNode } from 'react';
import type { Route } from './ui-store';
import { Placeholder } from '../components/placeholder';
import { AccountScreen } from '../features/account/account-screen';
import { BalanceChip, DemoBadge } from '../features/account/shell-slots';
import { SettingsScreen } from '../features/settings/settings-screen';

/** Each feature registers its screen here. */
export const screens: Record<Route, () => ReactNode> = {
  send: () => <Placeholder screen="send" />,
  tasks: () => <Placeholder screen="tasks" />,
  failures: () => <Placeholder screen="failures" />,
  account: () => <AccountScreen />,
  settings: () => <SettingsScreen />,
};

/** Optional extras in the shell: header badges (demo, balance), sidebar counts. */
export const shellSlots: { header: Array<() => ReactNode>; navBadge: Partial<Record<Route, () => ReactNode>> } = {
  header: [DemoBadge, BalanceChip],
  navBadge: {},
};
