import { create } from 'zustand';

export const routes = ['send', 'tasks', 'failures', 'phonebook', 'account', 'settings'] as const;
export type Route = (typeof routes)[number];

export function isRoute(value: string): value is Route {
  return (routes as readonly string[]).includes(value);
}

interface UiState {
  route: Route;
  /** task opened in the detail pane, if any */
  openTaskRef: string | null;
  /** with an account connected: list the demo faxes too (read-only) */
  showDemo: boolean;
  setRoute(route: Route): void;
  openTask(taskRef: string | null): void;
  setShowDemo(show: boolean): void;
}

/** UI state only; server data lives in react-query. */
export const useUiStore = create<UiState>((set) => ({
  route: 'send',
  openTaskRef: null,
  showDemo: false,
  setShowDemo: (showDemo) => set({ showDemo }),
  setRoute: (route) => set({ route }),
  openTask: (openTaskRef) => set(openTaskRef ? { openTaskRef, route: 'tasks' } : { openTaskRef }),
}));
