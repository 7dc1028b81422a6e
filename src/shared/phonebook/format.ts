import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A spec-format number (country code and digits) written the international way: `+86 10 8888 1234`. */
export function displayFax(fax: string): string {
  try {
    const parsed = parsePhoneNumberFromString(`+${fax}`);
    if (parsed) return parsed.formatInternational();
  } catch {
    // fall through to the bare digits
  }
  return `+${fax}`;
}
