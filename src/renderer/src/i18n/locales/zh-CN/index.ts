import { account } from './account';
import { common } from './common';
import { directory } from './directory';
import { errors } from './errors';
import { office } from './office';
import { phonebook } from './phonebook';
import { send } from './send';
import { settings } from './settings';
import { failures, tasks } from './tasks';

/** The Simplified Chinese catalogue, one chunk: only the language in use is loaded. */
export const zhCN = { common, phonebook, account, settings, tasks, failures, send, directory, office, errors } as const;
