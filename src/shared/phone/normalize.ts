// The `max` metadata build everywhere: `isValid()` is only meaningful with the
// full per-type patterns, and mixing builds would make split and normalize
// disagree about the same text.
import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';

/** Why a row cannot be sent; stable codes the renderer translates. */
export type PhoneReason = 'empty' | 'letters' | 'too_short' | 'too_long' | 'leading_zero' | 'invalid_for_country';

export type NormalizeResult =
  | { ok: true; number: string; country?: string; /** possible but not a known number range */ unlikely?: boolean }
  | { ok: false; reason: PhoneReason; message: string };

/** The create-task rule of the spec: first digit 1-9, 7 to 15 digits, no plus. */
export const SPEC_NUMBER_PATTERN = /^[1-9]\d{6,14}$/;

const REASON_MESSAGES: Record<PhoneReason, string> = {
  empty: 'There is no number here.',
  letters: 'A fax number can only contain digits, spaces, +, -, ( ) and dots.',
  too_short: 'This number is too short: a fax number with its country code has at least 7 digits.',
  too_long: 'This number is too long: a fax number with its country code has at most 15 digits.',
  leading_zero: 'This number starts with 0 and cannot be completed to an international number: write it with its country code, e.g. +86 10 8888 1234.',
  invalid_for_country: 'This is not a possible fax number for its country; check the country code and the digits.',
};

function fail(reason: PhoneReason): NormalizeResult {
  return { ok: false, reason, message: REASON_MESSAGES[reason] };
}

/** Characters people legitimately type inside a number (after NFKC folding). */
const ALLOWED = /^[\d\s+\-()./\u2010-\u2015\u2212]*$/;
// libphonenumber reads at most 250 characters; beyond that it is not a number.
const MAX_INPUT = 250;

/**
 * Folds full-width digits and punctuation (common in Chinese input methods)
 * to ASCII so that `１３８…` or `＋８６` behave like what they look like.
 */
export function foldInput(raw: string): string {
  return raw.normalize('NFKC').trim();
}

export function toCountry(defaultCountry: string | undefined): CountryCode | undefined {
  if (!defaultCountry) return undefined;
  const upper = defaultCountry.toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

function safeParse(text: string, country: CountryCode | undefined): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
  } catch {
    // The library is documented not to throw, but a user's paste must never crash the editor.
    return undefined;
  }
}

function safePossible(p: PhoneNumber | undefined): boolean {
  try {
    return p?.isPossible() ?? false;
  } catch {
    return false;
  }
}

function safeValid(p: PhoneNumber | undefined): boolean {
  try {
    return p?.isValid() ?? false;
  } catch {
    return false;
  }
}

/**
 * Reads one typed number. A number is tried as written with the default
 * country (so `(010) 8888-1234`, `0086…`, `00…` work), and — because the
 * spec's own format is "country code, no plus" — also as international when
 * it has no prefix. A known number range beats a merely possible one, so
 * `12125550123` typed with default CN is read as the US number it is.
 */
export function normalizeNumber(raw: string, defaultCountry?: string): NormalizeResult {
  const text = foldInput(raw);
  // an empty text passes this check and has no digits: 'empty' below
  if (!ALLOWED.test(text)) return fail('letters');
  const digits = text.replace(/\D/g, '');
  if (digits.length === 0) return fail('empty');
  if (text.length > MAX_INPUT) return fail('too_long');
  // Up to 15 digits, plus an IDD prefix (00, 011) when written with one: more
  // than that is a typo or two numbers run together, and libphonenumber would
  // otherwise strip "carrier codes" and quietly dial something else.
  if (digits.length > (/^[+1-9]/.test(text) ? 15 : 18)) return fail('too_long');

  const country = toCountry(defaultCountry);
  // Without a default country, the IDD prefix 00 is the one most of the world uses.
  const asWritten = !country && text.startsWith('00') ? `+${digits.slice(2)}` : text;
  const national = safeParse(asWritten, country);
  const international = !text.startsWith('+') && /^[1-9]/.test(digits) ? safeParse(`+${digits}`, undefined) : undefined;

  const ordered: [PhoneNumber | undefined, boolean][] = [
    [national, safeValid(national)],
    [international, safeValid(international)],
    [national, safePossible(national)],
    [international, safePossible(international)],
  ];
  for (const [candidate, accepted] of ordered) {
    if (!candidate || !accepted) continue;
    const number = String(candidate.number).replace(/^\+/, '');
    // The library's idea of possible is wider than the service's rule in a few
    // metadata corners: the spec rule is the last word.
    if (!SPEC_NUMBER_PATTERN.test(number)) return fail(number.length < 7 ? 'too_short' : 'too_long');
    const valid = safeValid(candidate);
    // Outside Italy (whose valid numbers keep their 0) a national number
    // starting with 0 is a trunk prefix the library could not remove.
    if (!valid && String(candidate.nationalNumber).startsWith('0')) return fail('leading_zero');
    const result: NormalizeResult = { ok: true, number };
    if (candidate.country) result.country = candidate.country;
    if (!valid) result.unlikely = true;
    return result;
  }
  return explainFailure(asWritten, digits, country);
}

function explainFailure(text: string, digits: string, country: CountryCode | undefined): NormalizeResult {
  let verdict: string | undefined;
  try {
    verdict = validatePhoneNumberLength(text, country ? { defaultCountry: country } : undefined);
  } catch {
    verdict = undefined;
  }
  const international = text.startsWith('+');
  if (!international && digits.startsWith('0') && (!country || verdict === 'INVALID_COUNTRY')) return fail('leading_zero');
  if (verdict === 'TOO_SHORT' || digits.length < 7) return fail('too_short');
  if (verdict === 'TOO_LONG' || digits.length > 15 + (digits.startsWith('00') ? 2 : 0)) return fail('too_long');
  return fail('invalid_for_country');
}
