import { account } from './account';
import { common } from './common';
import { errors } from './errors';
import { phonebook } from './phonebook';
import { send } from './send';
import { failures, tasks } from './tasks';

/** The Simplified Chinese words the first screen (Send, the shell, the sidebar, errors) may show: one chunk, loaded before it. */
export const zhCNFirstScreen = { common, phonebook, account, tasks, failures, send, errors } as const;
