import { Suspense } from 'react';
import { SEARCH_DEBOUNCE_MS, useDirectories } from './queries';
import { useDebounced } from '../../lib/use-debounced';
import { onDemand } from '../../lib/on-demand';
import { withLaterStrings } from '../../i18n';

export interface DirectoryPick {
  /** directory id, entry DN and number: one checkbox */
  key: string;
  number: string;
}

export interface DirectoryResultsProps {
  search: string;
  isPicked(key: string): boolean;
  onToggle(pick: DirectoryPick): void;
}

/** The directories' results and their words: asked for after the first paint, like the list of directories itself. */
const directoryList = onDemand(withLaterStrings(() => import('./directory-list').then((m) => m.DirectoryList)));
const DirectoryList = directoryList.Component;

/**
 * The configured directories' matches for what is typed in the picker's
 * search box: each directory on its own, so a slow or failing one never
 * holds up the others or the local phonebook.
 */
export function DirectoryResults({ search, isPicked, onToggle }: DirectoryResultsProps) {
  const directories = useDirectories();
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  if (!directories.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <DirectoryList directories={directories.data} query={query} isPicked={isPicked} onToggle={onToggle} />
    </Suspense>
  );
}
