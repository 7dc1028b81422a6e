/**
 * Create-task parameter validation. Errors are keyed by field path (`name`,
 * `file_refs`, `file_refs.0`, `phone_numbers`, `phone_numbers.3`,
 * `scheduled_at`) and map to arrays of messages, Laravel style.
 */
import { parseServiceTime } from './time';

export const PHONE_PATTERN = /^[1-9][0-9]{6,14}$/;

export interface CreateInput {
  name: string;
  fileRefs: string[];
  phoneNumbers: string[];
  /** Epoch ms, or null when omitted. */
  scheduledAtMs: number | null;
  scheduledAtText: string | null;
}

export type FieldErrors = Record<string, string[]>;

export function validateCreate(
  body: unknown,
  timeZone: string,
  nowMs: number,
): { ok: true; value: CreateInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add = (key: string, msg: string): void => {
    (errors[key] ??= []).push(msg);
  };
  const obj: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

  const name = obj.name;
  if (name === undefined || name === null || name === '') add('name', 'The name field is required.');
  else if (typeof name !== 'string') add('name', 'The name field must be a string.');
  else {
    if (name.trim() === '') add('name', 'The name field is required.');
    if ([...name].length > 255) add('name', 'The name field must not be greater than 255 characters.');
  }

  const fileRefs = stringArray(obj.file_refs, 'file_refs', 3, add, (key, v) => {
    if (v.length > 64) add(key, `The ${key} field must not be greater than 64 characters.`);
  });
  const phones = stringArray(obj.phone_numbers, 'phone_numbers', 100, add, (key, v) => {
    if (!PHONE_PATTERN.test(v)) {
      add(key, `The ${key} field format is invalid. Use 7 to 15 digits with the country code, starting with 1-9, no plus sign or spaces.`);
    }
  });

  let scheduledAtMs: number | null = null;
  let scheduledAtText: string | null = null;
  const sa = obj.scheduled_at;
  if (sa !== undefined && sa !== null && sa !== '') {
    if (typeof sa !== 'string') add('scheduled_at', 'The scheduled_at field must be a string.');
    else {
      const ms = parseServiceTime(sa, timeZone);
      if (ms === null) add('scheduled_at', 'The scheduled_at field must match the format Y-m-d H:i:s.');
      else if (ms <= nowMs) add('scheduled_at', 'The scheduled_at field must be a date after now.');
      else {
        scheduledAtMs = ms;
        scheduledAtText = sa;
      }
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { name: name as string, fileRefs, phoneNumbers: phones, scheduledAtMs, scheduledAtText },
  };
}

function stringArray(
  value: unknown,
  key: string,
  max: number,
  add: (key: string, msg: string) => void,
  each: (key: string, v: string) => void,
): string[] {
  if (value === undefined || value === null) {
    add(key, `The ${key} field is required.`);
    return [];
  }
  if (!Array.isArray(value)) {
    add(key, `The ${key} field must be an array.`);
    return [];
  }
  if (value.length === 0) add(key, `The ${key} field is required.`);
  if (value.length > max) add(key, `The ${key} field must not have more than ${max} items.`);
  const out: string[] = [];
  value.forEach((v: unknown, i) => {
    const k = `${key}.${i}`;
    if (v === null || v === undefined || v === '') add(k, `The ${k} field is required.`);
    else if (typeof v !== 'string') add(k, `The ${k} field must be a string.`);
    else {
      each(k, v);
      out.push(v);
    }
  });
  return out;
}
