/**
 * Provisioning (docs/deploy.md): stores the API secret of the account the
 * machine-wide policy names in the current user's keychain, bound to that
 * address and key, as a login or deployment script runs it:
 *
 *   printf '%s' "$FAX_SECRET" | faxdesk --provision-secret      (installed app)
 *   printf '%s' "$FAX_SECRET" | npm run -s provision             (checkout)
 *
 * The secret is read from standard input only — never from the command line,
 * where every user on the machine can read it (ps, /proc/<pid>/cmdline) — and
 * is tested against the service before it is stored.
 */
import fs from 'node:fs';
import { createFaxApiClient } from '../api/client';
import { AuthError, FaxApiError } from '../api/errors';
import type { ServiceFetch } from '../api/http';
import { credentialKey } from '../../shared/credential-key';
import { KEYCHAIN_SERVICE, openSecretStore, type OpenSecretStoreOptions, type SecretStore } from '../credentials/secret-store';
import { createBindPasswords, type BindPasswords } from '../directory/bind-passwords';
import { securityOf, withDirectory } from '../directory/ldap-connection';
import { registerSecretForRedaction } from '../log';
import { testOfficeConnection } from '../office/office-connection';
import { createOfficePasswords, type OfficePasswords } from '../office/office-passwords';
import { protectionOf } from '../office/protection';
import type { Protection } from '../../shared/office/types';
import type { Policy } from './policy-file';

/** Exit codes a script can act on (docs/deploy.md lists them). */
export const PROVISION_EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  noPolicy: 3,
  noKeychain: 4,
  rejected: 5,
  unreachable: 6,
} as const;

/** The switch that asks for provisioning, in the installed app and the checkout's script. */
export const PROVISION_SWITCH = '--provision-secret';
/** Read at most this much from standard input: a secret is short. */
const MAX_SECRET_BYTES = 4096;

export interface ProvisionIo {
  /** standard input: the secret and nothing else */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  out(line: string): void;
  err(line: string): void;
}

export interface ProvisionOptions {
  policy: Policy;
  io: ProvisionIo;
  /** the arguments after the switch (anything there is refused: a secret must not be typed on the command line) */
  extraArgs: readonly string[];
  /** keychain entry name and how to open it (tests: their own entry; a keychain that is absent) */
  keychain?: OpenSecretStoreOptions;
  /** an already opened store (tests) */
  secretStore?: SecretStore;
  fetch?: ServiceFetch;
  /** directory bind passwords (default: the keychain entry the API secret uses); tests inject their own */
  bindPasswords?: BindPasswords;
  /** the office database's password (default: the keychain entry the API secret uses); tests inject their own */
  officePasswords?: OfficePasswords;
  /** extra trust anchors (PEM) for the directory test bind: a test's own certificate */
  directoryCa?: string[];
  /** extra trust anchors (PEM) for the office database test connection (beside the policy's caFile) */
  officeCa?: string[];
}

/**
 * `--directory "<name>"`: the bind password of that policy directory instead of the API secret;
 * `--office`: the office outbox's database password.
 */
function directoryOf(args: readonly string[]): { name: string } | 'office' | 'bad' | null {
  if (args.length === 0) return null;
  if (args.length === 1 && args[0] === '--office') return 'office';
  if (args.length === 2 && args[0] === '--directory' && args[1]) return { name: args[1] };
  return 'bad';
}

async function readAll(stdin: NodeJS.ReadableStream): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > MAX_SECRET_BYTES) return null;
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const NO_KEYCHAIN =
  'No system keychain is available for this user, so the secret was not stored. Run this inside the user\'s desktop session (Linux: gnome-keyring or KWallet with libsecret, unlocked at login; macOS: the login keychain; Windows: Credential Manager) and try again.';

/** The secret on stdin (one trailing line break dropped), or the exit code when there is none to take. */
async function readSecret(io: ProvisionIo): Promise<string | number> {
  if (io.stdin.isTTY) {
    io.err(`Pipe the secret on standard input (it is never read from the command line), e.g.  printf '%s' "$FAX_SECRET" | faxdesk ${PROVISION_SWITCH}`);
    return PROVISION_EXIT.usage;
  }
  const raw = await readAll(io.stdin);
  // one trailing line break is what `echo` and here-strings add; anything else is part of the secret
  const secret = raw?.replace(/\r?\n$/, '') ?? null;
  if (secret === null || secret.trim() === '' || secret.length > 512) {
    io.err(secret === null || secret.length > 512 ? 'The secret on standard input is too long (at most 512 characters).' : 'Standard input was empty: pipe the secret into this command.');
    return PROVISION_EXIT.usage;
  }
  registerSecretForRedaction(secret);
  return secret;
}

/** Whether the system keychain takes and returns an entry (the same probe FaxDesk makes at start). */
async function keychainUsable(options: ProvisionOptions): Promise<boolean> {
  return (await openSecretStore({ ...options.keychain })).kind === 'keychain';
}

/** Runs the provisioning and returns the process's exit code; every outcome is one plain line on stdout or stderr. */
export async function provisionSecret(options: ProvisionOptions): Promise<number> {
  const { io, policy } = options;
  const directory = directoryOf(options.extraArgs);
  if (directory === 'bad') {
    // never echo them: one of them may be the secret
    io.err(
      `${PROVISION_SWITCH} takes no secret on the command line: pipe it on standard input, e.g.  printf '%s' "$FAX_SECRET" | faxdesk ${PROVISION_SWITCH}  (a directory's bind password: add --directory "<name in the policy>"; the office database's password: add --office)`,
    );
    return PROVISION_EXIT.usage;
  }
  if (directory === 'office') return provisionOfficePassword(options);
  if (directory) return provisionBindPassword(options, directory.name);
  const service = policy.service;
  if (!service) {
    const where = policy.file ?? 'the policy file (Linux /etc/faxdesk/policy.json; see docs/deploy.md)';
    const why = policy.notices.length ? ` It could not be used: ${policy.notices.map((n) => `${n.key ?? 'the file'}: ${n.problem} (${n.detail})`).join('; ')}.` : '';
    io.err(`No fax service account to provision: ${where} has no valid "service" key.${why} Add {"service": {"value": {"baseUrl": …, "apiKey": …}}} and run this again.`);
    return PROVISION_EXIT.noPolicy;
  }
  const secret = await readSecret(io);
  if (typeof secret === 'number') return secret;

  const key = credentialKey(service.baseUrl, service.apiKey);
  if (!key) {
    io.err(`The policy's service address ${service.baseUrl} has no host; correct it in ${policy.file}.`);
    return PROVISION_EXIT.noPolicy;
  }
  const store = options.secretStore ?? (await openSecretStore({ ...options.keychain }));
  if (store.kind !== 'keychain') {
    io.err(NO_KEYCHAIN);
    return PROVISION_EXIT.noKeychain;
  }

  // Tested first: a mistyped secret is refused here, not discovered by the user at their first fax.
  const client = createFaxApiClient({
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    getSecret: async () => secret,
    retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    timeoutMs: 20_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  try {
    await client.getAccount();
  } catch (e) {
    if (e instanceof AuthError) {
      io.err(`The fax service at ${key.origin} refused this secret for API key ${key.account} (${e.message}); nothing was stored. Copy the current secret from the API settings page of the management console.`);
      return PROVISION_EXIT.rejected;
    }
    const why = e instanceof FaxApiError ? e.message : 'no answer';
    io.err(`Could not check the secret: the fax service at ${key.origin} did not answer as expected (${why}); nothing was stored. Check the address in ${policy.file} and the network, then run this again.`);
    return PROVISION_EXIT.unreachable;
  }
  try {
    await store.set(key, secret);
  } catch (e) {
    io.err(`The keychain refused to store the secret (${(e as Error).message}); unlock it and run this again.`);
    return PROVISION_EXIT.noKeychain;
  }
  io.out(`Stored the API secret for ${key.origin} (API key ${key.account}) in this user's keychain; FaxDesk will open straight to Send.`);
  return PROVISION_EXIT.ok;
}

/**
 * A company directory's bind password, for a directory the policy names: read
 * from stdin, tested with a bind to that server, stored in the keychain bound
 * to its server and bind DN (where Settings would keep it).
 */
async function provisionBindPassword(options: ProvisionOptions, name: string): Promise<number> {
  const { io, policy } = options;
  const wanted = policy.directories?.value.find((d) => d.name === name);
  if (!wanted || !wanted.bindDn) {
    const names = policy.directories?.value.filter((d) => d.bindDn).map((d) => `"${d.name}"`) ?? [];
    io.err(
      `${policy.file ?? 'The policy'} names no directory "${name}" with a bind DN${names.length ? `; directories with a bind DN: ${names.join(', ')}` : ''}. Add it under "directories" and run this again.`,
    );
    return PROVISION_EXIT.noPolicy;
  }
  const password = await readSecret(io);
  if (typeof password === 'number') return password;
  const passwords =
    options.bindPasswords ?? createBindPasswords({ service: options.keychain?.service ?? KEYCHAIN_SERVICE, kind: (await keychainUsable(options)) ? 'keychain' : 'memory' });
  if (passwords.kind !== 'keychain') {
    io.err(NO_KEYCHAIN);
    return PROVISION_EXIT.noKeychain;
  }
  try {
    await withDirectory({ url: wanted.url, startTls: wanted.startTls, allowPlain: wanted.allowPlain, bindDn: wanted.bindDn, password }, { extraCa: options.directoryCa }, async () => true);
  } catch (e) {
    // withDirectory words every failure as a UserError with a code (ldap-connection.ts describeFailure)
    const refused = (e as { code?: string }).code === 'directory.bad_credentials';
    io.err(`The directory "${name}" (${wanted.url}) ${refused ? 'refused this password for' : 'could not be reached to check the password of'} ${wanted.bindDn} (${(e as Error).message}); nothing was stored.`);
    return refused ? PROVISION_EXIT.rejected : PROVISION_EXIT.unreachable;
  }
  try {
    // bound to the protection it was checked over: never handed to a weaker connection later
    await passwords.set(wanted.url, wanted.bindDn, securityOf(wanted), password);
  } catch (e) {
    io.err(`The keychain refused to store the password (${(e as Error).message}); unlock it and run this again.`);
    return PROVISION_EXIT.noKeychain;
  }
  io.out(`Stored the bind password of "${name}" (${wanted.bindDn} at ${wanted.url}) in this user's keychain.`);
  return PROVISION_EXIT.ok;
}

/**
 * The office outbox's database password (`--office`), for the connection the
 * policy names: read from stdin, tested with a connection to that server over
 * the protection the policy sets (its CA file read from disk), stored in the
 * keychain as typed, keyed by server + user and bound to that protection
 * (office-passwords.ts), where the office service looks for it.
 */
async function provisionOfficePassword(options: ProvisionOptions): Promise<number> {
  const { io, policy } = options;
  const office = policy.officeOutbox?.value;
  if (!office) {
    const where = policy.file ?? 'the policy file (Linux /etc/faxdesk/policy.json; see docs/deploy.md)';
    io.err(`No office outbox to provision: ${where} has no valid "officeOutbox" key. Add {"officeOutbox": {"value": {"host": …, "database": …, "user": …}}} and run this again.`);
    return PROVISION_EXIT.noPolicy;
  }
  const server = `${office.user}@${office.host}:${office.port}/${office.database}`;
  let protection: Protection;
  try {
    protection = protectionOf(office);
  } catch (e) {
    io.err(`The policy's office outbox ${server} is unencrypted to another computer: ${(e as Error).message} (set "tls": true, or "allowPlain": true in ${policy.file}); nothing was stored.`);
    return PROVISION_EXIT.noPolicy;
  }
  const ca: string[] = [...(options.officeCa ?? [])];
  if (office.caFile) {
    try {
      ca.push(fs.readFileSync(office.caFile, 'utf8'));
    } catch (e) {
      io.err(`The policy's office CA file ${office.caFile} could not be read (${(e as Error).message}); nothing was stored. Install it there and run this again.`);
      return PROVISION_EXIT.noPolicy;
    }
  }
  const password = await readSecret(io);
  if (typeof password === 'number') return password;
  const passwords =
    options.officePasswords ?? createOfficePasswords({ service: options.keychain?.service ?? KEYCHAIN_SERVICE, kind: (await keychainUsable(options)) ? 'keychain' : 'memory' });
  if (passwords.kind !== 'keychain') {
    io.err(NO_KEYCHAIN);
    return PROVISION_EXIT.noKeychain;
  }
  try {
    await testOfficeConnection({ ...office, password }, ca.length ? { extraCa: ca } : {});
  } catch (e) {
    // testOfficeConnection words every failure as a UserError with a code (office-connection.ts describeOfficeFailure)
    const refused = (e as { code?: string }).code === 'office.bad_password';
    io.err(`The office database ${server} ${refused ? 'refused this password' : 'could not be used to check the password'} (${(e as Error).message}); nothing was stored.`);
    return refused ? PROVISION_EXIT.rejected : PROVISION_EXIT.unreachable;
  }
  try {
    // bound to the protection it was checked over: never handed to a weaker connection later
    await passwords.set(office, protection, password);
  } catch (e) {
    io.err(`The keychain refused to store the password (${(e as Error).message}); unlock it and run this again.`);
    return PROVISION_EXIT.noKeychain;
  }
  io.out(`Stored the office database password of ${server} in this user's keychain.`);
  return PROVISION_EXIT.ok;
}
