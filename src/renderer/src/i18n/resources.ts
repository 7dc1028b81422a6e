import { common as enCommon } from './locales/en/common';
import { common as zhCommon } from './locales/zh-CN/common';
import { phonebook as enPhonebook } from './locales/en/phonebook';
import { phonebook as zhPhonebook } from './locales/zh-CN/phonebook';
import { account as enAccount } from './locales/en/account';
import { account as zhAccount } from './locales/zh-CN/account';
import { settings as enSettings } from './locales/en/settings';
import { settings as zhSettings } from './locales/zh-CN/settings';
import { tasks as enTasks, failures as enFailures } from './locales/en/tasks';
import { tasks as zhTasks, failures as zhFailures } from './locales/zh-CN/tasks';
import { send as enSend } from './locales/en/send';
import { send as zhSend } from './locales/zh-CN/send';
import { directory as enDirectory } from './locales/en/directory';
import { directory as zhDirectory } from './locales/zh-CN/directory';

/** Each feature adds its namespace to both languages here. */
export const resources = {
  en: { common: enCommon, phonebook: enPhonebook, account: enAccount, settings: enSettings, tasks: enTasks, failures: enFailures, send: enSend, directory: enDirectory },
  'zh-CN': { common: zhCommon, phonebook: zhPhonebook, account: zhAccount, settings: zhSettings, tasks: zhTasks, failures: zhFailures, send: zhSend, directory: zhDirectory },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
