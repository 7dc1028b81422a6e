import { directory } from './directory';
import { office } from './office';
import { settings } from './settings';

/** The Simplified Chinese words only later screens and panels use (Settings, the office, directory results): one chunk, fetched after the first paint. */
export const zhCNLater = { settings, directory, office } as const;
