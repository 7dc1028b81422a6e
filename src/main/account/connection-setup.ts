/**
 * Setting the connection up: testing an account (one request, at most a few a minute, saying only
 * whether a fax service answered), connecting to it, going back to demo mode, forgetting the secret.
 */
import type { AccountView } from '../../shared/account/types';
import { credentialKey, sameCredentialKey, type CredentialKey } from '../../shared/credential-key';
import { MalformedReplyError, NetworkError, NotFoundError, TimeoutError } from '../api/errors';
import type { RetryPolicy } from '../api/retry';
import { UserError } from '../errors';
import { toAccountView } from './connection-account';
import { build, changed, currentKey, type ConnectionState } from './connection-state';

/**
 * A connection test sends one request to an address the window chose: at
 * most this many a minute, so the test cannot be turned into a port scanner.
 * A person checking their settings needs a handful.
 */
export const CONNECTION_TESTS_PER_MINUTE = 10;
/** one request per test: a retry would only probe the address again */
const SINGLE_ATTEMPT: RetryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

export interface Candidate {
  baseUrl: string;
  apiKey: string;
  secret?: string | undefined;
}

function secretRequired(key: CredentialKey): UserError {
  return new UserError(
    'credentials.secret_required',
    `Type the API secret for ${key.origin}. A stored secret is used only with the service address and API key it was saved for.`,
  );
}

/**
 * What a failed test says about an address the window chose: whether a fax
 * service answered there, or why it refused — not whether the port was
 * closed, filtered, speaking TLS or serving some other program (that would
 * make the test a port scanner). A person needs the same advice for all of
 * those: check the address.
 */
function coarseTestFailure(e: unknown, origin: string): unknown {
  if (e instanceof NetworkError || e instanceof TimeoutError || e instanceof MalformedReplyError || e instanceof NotFoundError) {
    return new UserError(
      'connection.no_service',
      `No fax service answered at ${origin}. Check the service address (it is on the API settings page of your management console) and the network connection, then try again.`,
    );
  }
  return e;
}

function keyOf(candidate: Candidate): CredentialKey {
  const key = credentialKey(candidate.baseUrl, candidate.apiKey);
  // the contract's schema has already checked the address; this is the last line of defence
  if (!key) throw new UserError('credentials.bad_address', 'Enter a full service address and the API key.');
  return key;
}

function admitTest(s: ConnectionState): void {
  const t = s.now();
  const recentTests = s.recentTests;
  while (recentTests.length > 0 && recentTests[0]! <= t - 60_000) recentTests.shift();
  if (recentTests.length >= CONNECTION_TESTS_PER_MINUTE) {
    const wait = Math.max(1, Math.ceil((recentTests[0]! + 60_000 - t) / 1000));
    throw new UserError('connection.too_many_tests', `Too many connection tests in a short time. Wait ${wait} seconds and try again.`);
  }
  recentTests.push(t);
}

/** calls the account operation with these values, saving nothing */
export async function testCandidate(s: ConnectionState, candidate: Candidate): Promise<AccountView> {
  const key = keyOf(candidate);
  let secret = candidate.secret;
  if (secret === undefined) {
    // An empty secret field means "the one stored for this very service" — never another's.
    const stored = sameCredentialKey(key, currentKey(s)) ? await s.deps.secrets.get(key) : null;
    if (stored === null) throw secretRequired(key);
    secret = stored;
  }
  admitTest(s);
  const c = build(s, candidate.baseUrl, candidate.apiKey, async () => secret, SINGLE_ATTEMPT);
  try {
    return toAccountView(await c.getAccount(), 'account');
  } catch (e) {
    throw coarseTestFailure(e, key.origin);
  }
}

/** saves the key in settings and the secret in the keychain, once `test` passed */
export async function connect(s: ConnectionState, candidate: Candidate, test: (c: Candidate) => Promise<AccountView>): Promise<AccountView> {
  const view = await test(candidate);
  const key = keyOf(candidate);
  const previous = currentKey(s);
  if (candidate.secret !== undefined) await s.deps.secrets.set(key, candidate.secret);
  const before = s.changes;
  s.deps.settings.update({ baseUrl: candidate.baseUrl, apiKey: candidate.apiKey });
  // One account at a time: the secret of the account left behind is not kept around.
  if (previous && !sameCredentialKey(previous, key)) await s.deps.secrets.delete(previous);
  // Once: a new address or key has already announced itself through the settings.
  if (s.changes === before) changed(s);
  s.recent = { at: s.now(), view: Promise.resolve(view) };
  return view;
}

export async function useDemo(s: ConnectionState): Promise<void> {
  const previous = currentKey(s);
  const before = s.changes;
  s.deps.settings.update({ baseUrl: '', apiKey: '' });
  if (previous) await s.deps.secrets.delete(previous);
  if (s.changes === before) changed(s);
}

export async function clearSecret(s: ConnectionState): Promise<void> {
  const key = currentKey(s);
  if (key) await s.deps.secrets.delete(key);
  changed(s);
}
