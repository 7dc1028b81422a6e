import { z } from 'zod';
import { directoryFieldsSchema } from './directory/types';
import { languageSchema } from './language';
import { DEFAULT_POSTGRES_PORT, officeFieldsSchema } from './office/types';
import { baseUrlSchema, countrySchema, timeZoneSchema, type Settings } from './settings';

/**
 * The machine-wide policy file IT writes (docs/deploy.md): each key is
 * `{ "value": …, "locked"?: true }`. An unlocked value is a default the user
 * may change; a locked one wins over anything the user stored and cannot be
 * edited. Secrets never live here: the API secret and any password are
 * provisioned into each user's keychain (`faxdesk --provision-secret`).
 *
 * resources/policy.schema.json is generated from `policySchema`
 * (`npm run policy-schema`); test/shared/policy-schema.test.ts keeps the two equal.
 */
const entry = <T extends z.ZodType>(value: T, description: string) =>
  z
    .object({
      value,
      /** true: the user cannot change it; absent or false: a default the user may change */
      locked: z.boolean().optional().describe('true: users cannot change this value; otherwise it is a default they may change'),
    })
    .strict()
    .describe(description);

export const policyServiceSchema = z
  .object({
    baseUrl: baseUrlSchema.describe('Fax Service v2 address, https://… (plain http only to 127.0.0.1)'),
    apiKey: z.string().trim().min(1).max(255).describe('the API key (not the secret: provision that with --provision-secret)'),
  })
  .strict();
export type PolicyService = z.output<typeof policyServiceSchema>;

/**
 * The office outbox's PostgreSQL connection (issue #25), never its password:
 * the same fields Settings → Office outbox stores (shared/office/types.ts).
 * tls: true is TLS with the server's certificate and name verified (against
 * caFile when given); there is no TLS without verification. false is
 * unencrypted, only to this computer or with allowPlain (a network IT trusts).
 */
export const policyOfficeOutboxSchema = officeFieldsSchema
  .pick({ host: true, database: true, user: true })
  .extend({
    port: officeFieldsSchema.shape.port.default(DEFAULT_POSTGRES_PORT),
    tls: z.boolean().default(true).describe('true: TLS with the server certificate and name verified; false: unencrypted'),
    allowPlain: z.boolean().default(false).describe('true: an unencrypted connection to a host other than this computer is allowed (only on a trusted network)'),
    caFile: z.string().min(1).max(4096).optional().describe('absolute path of a PEM file with the CA that signed the server certificate (read at start)'),
  })
  .strict();
export type PolicyOfficeOutbox = z.output<typeof policyOfficeOutboxSchema>;

export const policyKeys = {
  service: entry(policyServiceSchema, 'The fax service account: address and API key. Locked: users cannot connect elsewhere or switch to demo mode.'),
  directories: entry(z.array(directoryFieldsSchema).max(20), 'Company directories (LDAP), without their bind passwords.'),
  officeOutbox: entry(policyOfficeOutboxSchema, 'The office outbox (PostgreSQL) connection, without its password.'),
  review: entry(
    z.object({ always: z.boolean(), recipientsAbove: z.number().int().min(0).max(5000), costAbove: z.number().min(0).max(1_000_000) }).strict(),
    'When the Send screen asks for a review (count and cost) before sending.',
  ),
  contractUnitPrice: entry(z.number().min(0).max(1000).nullable(), 'Contract price per page in yuan, used for estimates; null when not known.'),
  autoRetry: entry(
    z.object({ enabled: z.boolean(), attempts: z.number().int().min(1).max(5), delayMinutes: z.number().int().min(1).max(1440) }).strict(),
    'Automatic resend to busy / no-answer recipients.',
  ),
  hotFolder: entry(
    z.object({ enabled: z.boolean(), path: z.string().max(4096).optional().describe('absolute folder; ~ is the user\'s home; empty or absent: ~/FaxDesk/Outbox') }).strict(),
    'The hot folder (documents saved or printed into it are offered on the Send screen).',
  ),
  defaultCountry: entry(countrySchema, 'Country of numbers typed without a country code (ISO 3166 two letters, e.g. CN).'),
  language: entry(languageSchema.nullable(), 'Language of the window: en, zh-CN, or null for the system language.'),
  serviceTimeZone: entry(timeZoneSchema, 'The fax service\'s time zone (IANA name, e.g. Asia/Shanghai).'),
  notifications: entry(z.object({ onDone: z.boolean(), onFailed: z.boolean() }).strict(), 'Desktop notifications when a fax is done or failed.'),
  tray: entry(z.boolean(), 'Closing the window keeps FaxDesk running in the tray.'),
  lowBalanceThreshold: entry(z.number().min(0).max(1_000_000), 'Warn when the balance falls below this many yuan.'),
};
export type PolicyKey = keyof typeof policyKeys;
export const POLICY_KEYS = Object.keys(policyKeys) as PolicyKey[];

/** The whole file, as IT writes it (the JSON Schema is generated from this). */
export const policySchema = z
  .object({ $schema: z.string().optional(), ...policyKeys })
  .partial()
  .strict()
  .describe('FaxDesk machine-wide policy (docs/deploy.md). Never put a secret or password here.');
export type PolicyFile = z.output<typeof policySchema>;

/** The settings each policy key presets or locks. */
export const POLICY_SETTINGS: Record<PolicyKey, readonly (keyof Settings)[]> = {
  service: ['baseUrl', 'apiKey'],
  directories: [],
  officeOutbox: [],
  review: ['review'],
  contractUnitPrice: ['contractUnitPrice'],
  autoRetry: ['autoRetry'],
  hotFolder: ['hotFolder'],
  defaultCountry: ['defaultCountry'],
  language: ['language'],
  serviceTimeZone: ['serviceTimeZone'],
  notifications: ['notifyOnDone', 'notifyOnFailed'],
  tray: ['closeToTray'],
  lowBalanceThreshold: ['lowBalanceThreshold'],
};

export type Managed = 'locked' | 'default';

/** Something wrong with the policy file, told at start (the rest of the file is still applied). */
export interface PolicyNotice {
  file: string;
  /** the key concerned; null for the whole file */
  key: string | null;
  problem: 'unreadable' | 'malformed' | 'unsafe_owner' | 'unknown_key' | 'bad_value';
  /** what exactly (a zod message, the owner and mode): for the log and support */
  detail: string;
}

/** What the window learns of the policy: which settings are managed and how; never a secret. */
export interface PolicyView {
  /** the policy file read, or null when there is none */
  file: string | null;
  settings: Partial<Record<keyof Settings, Managed>>;
  /** every policy key present and valid, and how (e.g. officeOutbox for the office outbox's settings card) */
  keys: Partial<Record<PolicyKey, Managed>>;
  /** the account the policy names (first run asks only for its secret) */
  service: { baseUrl: string; apiKey: string; locked: boolean } | null;
  notices: PolicyNotice[];
}
