import type { ReactNode } from 'react';
import type { Route } from './ui-store';
import { Placeholder } from '../components/placeholder';

/** Each feature registers its screen here. */
export const screens: Record<Route, () => ReactNode> = {
  send: () => <Placeholder screen="send" />,
  tasks: () => <Placeholder screen="tasks" />,
  failures: () => <Placeholder screen="failures" />,
  account: () => <Placeholder screen="account" />,
  settings: () => <Placeholder screen="settings" />,
};

/** Optional extras in the shell: header badges (demo, balance), sidebar counts. */
export const shellSlots: { header: Array<() => ReactNode>; navBadge: Partial<Record<Route, () => ReactNode>> } = {
  header: [],
  navBadge: {},
};
