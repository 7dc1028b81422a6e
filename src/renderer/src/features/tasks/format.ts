import { formatLocal } from '@shared/service-time';
const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function money(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : yuan.format(n);
}

/** An instant in this computer's time zone, in the UI language: FaxDesk's one time format (formatLocal). */
export function localTime(ms: number | null | undefined, language: string, withSeconds = false): string {
  if (ms === null || ms === undefined) return '—';
  return formatLocal(new Date(ms), { locale: language, seconds: withSeconds });
}

/** 'yyyy-mm-dd' of an <input type="date"> → local midnight in ms (or undefined). */
export function dateInputToMs(value: string, endOfDay = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (endOfDay ? 1 : 0));
  return d.getTime();
}

export const KNOWN_CODES = ['BUSY', 'NO_ANSWER', 'NOT_A_FAX_MACHINE', 'CONVERSION_FAILED'] as const;

export type KnownCode = (typeof KNOWN_CODES)[number];

export function isKnownCode(code: string | null): code is KnownCode {
  return code !== null && (KNOWN_CODES as readonly string[]).includes(code.trim().toUpperCase());
}


/**
 * The service fills scheduled_at with the creation time when none was asked
 * for; a real schedule is at least a minute ahead (the Send screen's rule).
 */
export function isImmediate(t: { scheduledAtMs: number | null; createdAtMs: number | null }): boolean {
  return t.scheduledAtMs === null || (t.createdAtMs !== null && t.scheduledAtMs - t.createdAtMs < 30_000);
}
