import { z } from 'zod';
import { DEFAULT_REVIEW } from './review-defaults';
import { languageSchema } from './language';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** https anywhere; plain http only to this machine (the simulator, a local proxy). */
export function baseUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full address such as https://fax.example.com';
  }
  if (url.username || url.password) return 'The address must not contain a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol === 'http:') return 'Use https:// — plain http is only allowed for this computer (127.0.0.1)';
  return 'The address must start with https://';
}

export const baseUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .superRefine((v, ctx) => {
    const problem = baseUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().min(1).max(64).refine(isValidTimeZone, 'Unknown time zone');
export const countrySchema = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as CN');

/** Each setting's own rule, without its default (the patch schema must not invent values). */
const fields = {
  /** empty until the user connects a real account: FaxDesk then runs in demo mode */
  baseUrl: z.union([z.literal(''), baseUrlSchema]),
  apiKey: z.string().trim().max(255),
  serviceTimeZone: timeZoneSchema,
  defaultCountry: countrySchema,
  language: languageSchema.nullable(),
  lowBalanceThreshold: z.number().min(0).max(1_000_000),
  notifyOnDone: z.boolean(),
  notifyOnFailed: z.boolean(),
  closeToTray: z.boolean(),
  autoRetry: z.object({
    enabled: z.boolean(),
    attempts: z.number().int().min(1).max(5),
    delayMinutes: z.number().int().min(1).max(1440),
  }),
  hotFolder: z.object({ enabled: z.boolean(), path: z.string().max(4096) }),
  /** yuan per page from the user's contract: the estimate uses it until the service reveals a price in a task record */
  contractUnitPrice: z.number().min(0).max(1000).nullable(),
  /** when the Send screen shows the review dialog (always above either threshold; `always` for every send) */
  review: z.object({
    always: z.boolean(),
    recipientsAbove: z.number().int().min(0).max(5000),
    costAbove: z.number().min(0).max(1_000_000),
  }),
};

export const settingsSchema = z.object({
  baseUrl: fields.baseUrl.default(''),
  apiKey: fields.apiKey.default(''),
  serviceTimeZone: fields.serviceTimeZone.default('Asia/Shanghai'),
  defaultCountry: fields.defaultCountry.default('CN'),
  language: fields.language.default(null),
  lowBalanceThreshold: fields.lowBalanceThreshold.default(20),
  notifyOnDone: fields.notifyOnDone.default(true),
  notifyOnFailed: fields.notifyOnFailed.default(true),
  closeToTray: fields.closeToTray.default(true),
  autoRetry: fields.autoRetry.default({ enabled: false, attempts: 2, delayMinutes: 10 }),
  // on by default: the FaxDesk printer delivers into the default folder, and is useless otherwise
  hotFolder: fields.hotFolder.default({ enabled: true, path: '' }),
  contractUnitPrice: fields.contractUnitPrice.default(null),
  review: fields.review.default(DEFAULT_REVIEW),
});

export type Settings = z.infer<typeof settingsSchema>;
export const defaultSettings: Settings = settingsSchema.parse({});

/** What main itself may change: also the service address and key (connecting) and the hot folder's location (main's folder dialog). */
export const settingsUpdateSchema = z.object(fields).partial().strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/**
 * What the renderer may change. Not the service address or API key, which
 * only connecting (with the secret for that service) changes — DESIGN.md
 * "A credential belongs to its service". The hot folder can be switched on
 * and off, but its folder is set only through main's folder dialog
 * (chooseHotFolder): the window must not be able to point main at a
 * directory. Secrets never live here.
 */
export const settingsPatchSchema = z
  .object({ ...fields, hotFolder: z.object({ enabled: z.boolean() }).strict() })
  .omit({ baseUrl: true, apiKey: true })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
