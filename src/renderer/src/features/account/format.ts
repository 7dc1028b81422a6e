import type { TFunction } from 'i18next';
import { formatServiceTimeLocal } from '@shared/service-time';

const KNOWN_STATUSES = new Set(['active', 'suspended', 'inactive']);

/** The account status the spec lists, as a word in the UI language; any other as the service words it. */
export function accountStatusWord(t: TFunction, status: string): string {
  return isKnownAccountStatus(status) ? t(`account:statusBadge.${status as 'active'}`) : status;
}

/** A status the spec lists (active, suspended, inactive), which has its own words in both languages. */
export function isKnownAccountStatus(status: string): boolean {
  return KNOWN_STATUSES.has(status);
}

const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Balance in yuan, two decimals: ¥1,234.50 */
export function formatYuan(amount: number): string {
  return yuan.format(amount);
}

export function displayServiceTime(s: string, serviceTz: string, locale: string): string {
  return formatServiceTimeLocal(s, serviceTz, { locale });
}
