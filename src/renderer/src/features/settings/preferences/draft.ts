import type { Settings } from '@shared/settings';
import type { Managed } from '@shared/ipc/channels/app';

/** The preferences as the form edits them. */
export type Draft = Pick<
  Settings,
  'serviceTimeZone' | 'defaultCountry' | 'lowBalanceThreshold' | 'notifyOnDone' | 'notifyOnFailed' | 'closeToTray' | 'autoRetry' | 'review'
> & {
  /** the folder itself is chosen in main's folder dialog, never typed here */
  hotFolder: { enabled: boolean };
  /** as typed: '' means "not known" (null) */
  contractUnitPrice: string;
};

export type ManagedSettings = Partial<Record<keyof Settings, Managed>>;

/** The form's starting point: the settings as main holds them. */
export function draftOf(settings: Settings): Draft {
  const { serviceTimeZone, defaultCountry, lowBalanceThreshold, notifyOnDone, notifyOnFailed, closeToTray, hotFolder, autoRetry, review, contractUnitPrice } = settings;
  return {
    serviceTimeZone,
    defaultCountry,
    lowBalanceThreshold,
    notifyOnDone,
    notifyOnFailed,
    closeToTray,
    hotFolder: { enabled: hotFolder.enabled },
    autoRetry,
    review,
    contractUnitPrice: contractUnitPrice === null ? '' : String(contractUnitPrice),
  };
}

/** The form's values as main takes them. */
export function valuesOf(draft: Draft) {
  const price = draft.contractUnitPrice.trim();
  return {
    ...draft,
    defaultCountry: draft.defaultCountry.trim().toUpperCase(),
    serviceTimeZone: draft.serviceTimeZone.trim(),
    // A number input yields '' for anything that is not a number; main's schema refuses negatives with a message on the field.
    contractUnitPrice: price === '' ? null : Number(price),
  };
}

/** Only what the user changed is sent: a setting left alone keeps following the administrator's default, and a locked one is never asked for. */
export function patchOf(draft: Draft, settings: Settings, locked: (key: keyof Settings) => boolean): Partial<ReturnType<typeof valuesOf>> {
  const values = valuesOf(draft);
  const before = valuesOf(draftOf(settings));
  return Object.fromEntries(
    Object.entries(values).filter(([k, v]) => !locked(k as keyof Settings) && JSON.stringify(v) !== JSON.stringify(before[k as keyof typeof before])),
  );
}
