import { z } from 'zod';

/**
 * Files cross the window boundary as handles, never as paths: main issues a
 * handle when the user hands a file over (main's open dialog, a drop, argv,
 * the hot folder, the printer) and keeps the path to itself. A handle is
 * random, lives as long as this run of main, and is the only way the window
 * can name a file.
 */
export const fileHandleSchema = z.string().regex(/^fh_[A-Za-z0-9_-]{32}$/, 'Choose the file again.');
