import { create } from 'zustand';

export const routes = ['send', 'tasks', 'failures', 'phonebook', 'account', 'settings'] as const;
export type Route = (typeof routes)[number];

export function isRoute(value: string): value is Route {
  return (routes as readonly string[]).includes(value);
}

interface NavigationState {
  route: Route;
  /** task opened in the detail pane, if any */
  openTaskRef: string | null;
  setRoute(route: Route): void;
  openTask(taskRef: string | null): void;
}

/**
 * Which screen is shown and which task is open: below the features (each may send the user elsewhere)
 * and the shell (which draws the screen), so no feature imports the shell. UI state only.
 */
export const useNavigation = create<NavigationState>((set) => ({
  route: 'send',
  openTaskRef: null,
  setRoute: (route) => set({ route }),
  openTask: (openTaskRef) => set(openTaskRef ? { openTaskRef, route: 'tasks' } : { openTaskRef }),
}));
