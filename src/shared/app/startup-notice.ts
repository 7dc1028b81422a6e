/**
 * Something FaxDesk had to do at start about one of its own files, told to the
 * user once: a damaged file moved aside, a newer one left alone, one it could
 * not open at all.
 */
export interface StartupNotice {
  file: 'history' | 'phonebook' | 'settings' | 'demo';
  /** damaged: moved aside, started afresh; newer: left untouched; unavailable: could not be opened */
  problem: 'damaged' | 'newer' | 'unavailable';
  /** where the file is now (the damaged copy, or the untouched newer file) */
  keptAt: string;
  /** where this run keeps that data instead; null when only in memory until quit */
  usingInstead: string | null;
  /** the technical cause, for support */
  reason: string;
}
