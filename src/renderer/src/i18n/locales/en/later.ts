import { directory } from './directory';
import { office } from './office';
import { settings } from './settings';

/** The English words only later screens and panels use (Settings, the office, directory results): one chunk, fetched after the first paint. */
export const enLater = { settings, directory, office } as const;
