import { BookUser, ListChecks, Send, Settings, TriangleAlert, Wallet, type LucideIcon } from 'lucide-react';
import type { Route } from '../navigation';

/** One icon per screen (lucide): the sidebar shows only these in a narrow window. */
const NAV_ICONS: Record<Route, LucideIcon> = { send: Send, tasks: ListChecks, failures: TriangleAlert, phonebook: BookUser, account: Wallet, settings: Settings };

export function NavIcon({ route }: { route: Route }) {
  const Icon = NAV_ICONS[route];
  return <Icon aria-hidden="true" size={18} className="nav-icon" />;
}
