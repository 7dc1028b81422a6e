import { z } from 'zod';
import type { PhoneReason } from '../phone/parse';
import { fileHandleSchema } from '../file-handle';

/** vCard import and export, beside the CSV ones (types.ts). Files cross as handles the user granted. */

export type CardSkipReason = PhoneReason | 'no_fax' | 'unreadable';

export interface SkippedCard {
  /** 1-based position of the card in the file */
  card: number;
  /** the card's name, so the user can find it in their address book */
  name: string;
  /** the number that could not be used ('' when the card has none) */
  value: string;
  reason: CardSkipReason;
  /** an English sentence; the UI translates by `reason` */
  message: string;
}

export interface VcardImportResult {
  /** cards in the file */
  cards: number;
  /** new contacts (one per fax number) */
  added: number;
  /** numbers already in the phonebook or earlier in the file: merged, not added twice */
  merged: number;
  skipped: SkippedCard[];
  skippedCount: number;
  /** the CATEGORIES found: the groups the contacts join (created when missing) */
  groups: string[];
}

export interface VcardPreviewCard {
  card: number;
  name: string;
  company: string | null;
  /** usable fax numbers, normalized */
  numbers: string[];
  groups: string[];
}

/** What an import would do, before anything is imported. */
export interface VcardPreview extends VcardImportResult {
  /** the first cards, as they will be read */
  sample: VcardPreviewCard[];
}

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as CN');

export const vcardImportInputSchema = z
  .object({
    /** the file chosen in main's open dialog (purpose 'vcard') */
    handle: fileHandleSchema,
    defaultCountry: countryCode.optional(),
  })
  .strict();
export type VcardImportInput = z.input<typeof vcardImportInputSchema>;
