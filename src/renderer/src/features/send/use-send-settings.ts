import { DEFAULT_REVIEW } from '@shared/review-defaults';
import { useAccount, useSettings } from '../account';

/** What the Send screen reads from the settings and the account (defaults until they have loaded). */
export function useSendSettings() {
  const settings = useSettings().data;
  const account = useAccount().data;
  return {
    country: settings?.defaultCountry ?? 'CN',
    serviceTimeZone: settings?.serviceTimeZone ?? 'Asia/Shanghai',
    review: settings?.review ?? DEFAULT_REVIEW,
    balance: account?.balance ?? null,
  };
}
