import { MAX_RECIPIENTS_PER_TASK, MAX_TASK_NAME_LENGTH } from './send/limits';

export { MAX_RECIPIENTS_PER_TASK, MAX_TASK_NAME_LENGTH };

/** Cuts a list into consecutive chunks of at most `size`, keeping order. */
export function chunk<T>(items: readonly T[], size: number = MAX_RECIPIENTS_PER_TASK): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The name of part `index` (0-based) of `total`: 'Name (1/3)'. The base is
 * shortened (by code point, so no half surrogate pair is sent) to keep the
 * whole name within the service's 255 characters. A single part keeps its name.
 */
export function partName(name: string, index: number, total: number): string {
  const base = name.trim();
  if (total <= 1) return truncate(base, MAX_TASK_NAME_LENGTH);
  const suffix = ` (${index + 1}/${total})`;
  return truncate(base, MAX_TASK_NAME_LENGTH - suffix.length) + suffix;
}

/** A task name cut to the service's limit without splitting a character (surrogate pair). */
export function truncateName(s: string, max: number = MAX_TASK_NAME_LENGTH): string {
  return truncate(s, max);
}

function truncate(s: string, max: number): string {
  // The service counts characters; count what it most likely counts (code
  // points) but never exceed JS length either, which is the stricter of the two.
  if (s.length <= max) return s;
  let out = '';
  for (const ch of s) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}

export interface SendPart {
  /** 0-based position in the send */
  index: number;
  name: string;
  phoneNumbers: string[];
}

/**
 * One user send becomes one task per 100 numbers; each part is named so the
 * tasks can be told apart in the service's own console.
 */
export function planSendParts(name: string, phoneNumbers: readonly string[], size: number = MAX_RECIPIENTS_PER_TASK): SendPart[] {
  const chunks = chunk(phoneNumbers, size);
  return chunks.map((phones, index) => ({ index, name: partName(name, index, chunks.length), phoneNumbers: phones }));
}
