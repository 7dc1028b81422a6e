/**
 * Whose world a task belongs to. Demo tasks (the built-in simulator) and each
 * account's tasks never mix: history rows, uploads, the failures badge and
 * every action that spends money are scoped to the profile in use.
 *
 * An account is named by service origin + API key, as its secret is in the
 * keychain; hashed, so the history file does not carry the key itself.
 */
import { createHash } from 'node:crypto';

export const DEMO_PROFILE = 'demo';

/** The last answer: every session (each upload asks twice) names the same account, hashed once. */
let last: { baseUrl: string; apiKey: string; profile: string } | null = null;

export function accountProfile(baseUrl: string, apiKey: string): string {
  if (last?.baseUrl === baseUrl && last.apiKey === apiKey) return last.profile;
  const profile = hashedProfile(baseUrl, apiKey);
  last = { baseUrl, apiKey, profile };
  return profile;
}

function hashedProfile(baseUrl: string, apiKey: string): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // an unparsable URL is never connected; keep it as written
  }
  const digest = createHash('sha256').update(`${origin}\n${apiKey}`).digest('hex').slice(0, 24);
  return `account:${digest}`;
}

export const isDemoProfile = (profile: string): boolean => profile === DEMO_PROFILE;
