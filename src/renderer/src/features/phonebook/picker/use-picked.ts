import { useMemo, useState } from 'react';
import type { Contact, Group, RecentNumber } from '@shared/phonebook/types';
import type { DirectoryPick } from '../../directory';

/** What is ticked in the picker, by where it was ticked. */
export interface Picked {
  groups: Map<string, string[]>;
  contacts: Map<string, string>;
  recent: Set<string>;
  /** directory picks: directory id | DN | number -> number */
  directory: Map<string, string>;
}

const empty = (): Picked => ({ groups: new Map(), contacts: new Map(), recent: new Set(), directory: new Map() });

/** Every picked number once, groups first, in the order they were shown. */
function pickedNumbers(p: Picked): string[] {
  return [...new Set([...[...p.groups.values()].flat(), ...p.contacts.values(), ...p.directory.values(), ...p.recent])];
}

/** The picker's ticks: toggled one at a time (`onToggle` says something changed), the numbers they add up to, and clearing them. */
export function usePicked(onToggle: () => void) {
  const [picked, setPicked] = useState<Picked>(empty);
  const numbers = useMemo(() => pickedNumbers(picked), [picked]);
  const toggle = (update: (next: Picked) => void) => {
    setPicked((prev) => {
      const next = { groups: new Map(prev.groups), contacts: new Map(prev.contacts), recent: new Set(prev.recent), directory: new Map(prev.directory) };
      update(next);
      return next;
    });
    onToggle();
  };
  return {
    picked,
    numbers,
    clear: () => setPicked(empty()),
    toggleGroup: (g: Group) => toggle((p) => (p.groups.has(g.id) ? p.groups.delete(g.id) : p.groups.set(g.id, g.numbers))),
    toggleContact: (c: Contact) => toggle((p) => (p.contacts.has(c.id) ? p.contacts.delete(c.id) : p.contacts.set(c.id, c.fax))),
    toggleRecent: (r: RecentNumber) => toggle((p) => (p.recent.has(r.number) ? p.recent.delete(r.number) : p.recent.add(r.number))),
    toggleDirectory: (d: DirectoryPick) => toggle((p) => (p.directory.has(d.key) ? p.directory.delete(d.key) : p.directory.set(d.key, d.number))),
  };
}

export type PickedState = ReturnType<typeof usePicked>;
