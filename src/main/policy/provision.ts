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
import { createFaxApiClient } from '../api/client';
import { AuthError, FaxApiError } from '../api/errors';
import { credentialKey } from '../../shared/credential-key';
import { openSecretStore, type OpenSecretStoreOptions, type SecretStore } from '../credentials/secret-store';
import { registerSecretForRedaction } from '../log';
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
  fetch?: typeof fetch;
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

/** Runs the provisioning and returns the process's exit code; every outcome is one plain line on stdout or stderr. */
export async function provisionSecret(options: ProvisionOptions): Promise<number> {
  const { io, policy } = options;
  if (options.extraArgs.length > 0) {
    // never echo them: one of them may be the secret
    io.err(`${PROVISION_SWITCH} takes no arguments: pipe the secret on standard input, e.g.  printf '%s' "$FAX_SECRET" | faxdesk ${PROVISION_SWITCH}`);
    return PROVISION_EXIT.usage;
  }
  const service = policy.service;
  if (!service) {
    const where = policy.file ?? 'the policy file (Linux /etc/faxdesk/policy.json; see docs/deploy.md)';
    const why = policy.notices.length ? ` It could not be used: ${policy.notices.map((n) => `${n.key ?? 'the file'}: ${n.problem} (${n.detail})`).join('; ')}.` : '';
    io.err(`No fax service account to provision: ${where} has no valid "service" key.${why} Add {"service": {"value": {"baseUrl": …, "apiKey": …}}} and run this again.`);
    return PROVISION_EXIT.noPolicy;
  }
  if (options.io.stdin.isTTY) {
    io.err(`Pipe the secret on standard input (it is never read from the command line), e.g.  printf '%s' "$FAX_SECRET" | faxdesk ${PROVISION_SWITCH}`);
    return PROVISION_EXIT.usage;
  }
  const raw = await readAll(io.stdin);
  // one trailing line break is what `echo` and here-strings add; anything else is part of the secret
  const secret = raw?.replace(/\r?\n$/, '') ?? null;
  if (secret === null || secret.trim() === '' || secret.length > 512) {
    io.err(secret === null || secret.length > 512 ? 'The secret on standard input is too long (at most 512 characters).' : 'Standard input was empty: pipe the API secret into this command.');
    return PROVISION_EXIT.usage;
  }
  registerSecretForRedaction(secret);

  const key = credentialKey(service.baseUrl, service.apiKey);
  if (!key) {
    io.err(`The policy's service address ${service.baseUrl} has no host; correct it in ${policy.file}.`);
    return PROVISION_EXIT.noPolicy;
  }
  const store = options.secretStore ?? (await openSecretStore({ ...options.keychain }));
  if (store.kind !== 'keychain') {
    io.err(
      'No system keychain is available for this user, so the secret was not stored. Run this inside the user\'s desktop session (Linux: gnome-keyring or KWallet with libsecret, unlocked at login; macOS: the login keychain; Windows: Credential Manager) and try again.',
    );
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
