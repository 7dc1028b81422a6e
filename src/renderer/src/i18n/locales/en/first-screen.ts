import { account } from './account';
import { common } from './common';
import { errors } from './errors';
import { phonebook } from './phonebook';
import { send } from './send';
import { failures, tasks } from './tasks';

/** The English words the first screen (Send, the shell, the sidebar, errors) may show: one chunk, loaded before it. */
export const enFirstScreen = { common, phonebook, account, tasks, failures, send, errors } as const;
