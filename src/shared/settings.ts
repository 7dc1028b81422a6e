import { z } from 'zod';
import { languageSchema } from './ipc/channels/app';

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

export const settingsSchema = z.object({
  /** empty until the user connects a real account: FaxDesk then runs in demo mode */
  baseUrl: z.union([z.literal(''), baseUrlSchema]).default(''),
  apiKey: z.string().trim().max(255).default(''),
  serviceTimeZone: timeZoneSchema.default('Asia/Shanghai'),
  defaultCountry: countrySchema.default('CN'),
  language: languageSchema.nullable().default(null),
  lowBalanceThreshold: z.number().min(0).max(1_000_000).default(20),
  notifyOnDone: z.boolean().default(true),
  notifyOnFailed: z.boolean().default(true),
  closeToTray: z.boolean().default(true),
  autoRetry: z
    .object({ enabled: z.boolean(), attempts: z.number().int().min(1).max(5), delayMinutes: z.number().int().min(1).max(1440) })
    .default({ enabled: false, attempts: 2, delayMinutes: 10 }),
  hotFolder: z.object({ enabled: z.boolean(), path: z.string().max(4096) }).default({ enabled: false, path: '' }),
});

export type Settings = z.infer<typeof settingsSchema>;
export const defaultSettings: Settings = settingsSchema.parse({});

/** What the renderer may change (everything but secrets, which never live here). */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
