import { formatServiceTimeLocal } from '../../../../shared/service-time';

const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Balance in yuan, two decimals: ¥1,234.50 */
export function formatYuan(amount: number): string {
  return yuan.format(amount);
}

export function formatServiceTime(s: string, serviceTz: string, locale: string): string {
  return formatServiceTimeLocal(s, serviceTz, { locale });
}
