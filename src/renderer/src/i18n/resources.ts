import { common as enCommon } from './locales/en/common';
import { common as zhCommon } from './locales/zh-CN/common';

/** Each feature adds its namespace to both languages here. */
export const resources = {
  en: { common: enCommon },
  'zh-CN': { common: zhCommon },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];
