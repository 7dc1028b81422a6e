/**
 * Which service a stored credential belongs to (DESIGN.md "A credential
 * belongs to its service"): the origin it may be sent to and the account it
 * authenticates, as git credential helpers and browsers key passwords by
 * host. A secret is only ever read back for exactly the same pair.
 */
export interface CredentialKey {
  /** scheme://host[:port] as credentialOrigin() writes it */
  origin: string;
  /** the API key, an LDAP bind DN, … */
  account: string;
}

/**
 * The origin of an address: lower-case scheme and host, the port only when
 * it is not the scheme's default. Works for https/http and for schemes the
 * URL standard does not know (ldap, ldaps), whose `URL.origin` is "null".
 * Null for anything that is not an absolute URL with a host.
 */
export function credentialOrigin(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (!url.host) return null;
  const scheme = url.protocol.toLowerCase();
  const defaults: Record<string, string> = { 'http:': '80', 'https:': '443', 'ldap:': '389', 'ldaps:': '636' };
  const host = url.hostname.toLowerCase();
  const port = url.port && url.port !== defaults[scheme] ? `:${url.port}` : '';
  return `${scheme}//${host}${port}`;
}

/** The key for a service address and account, or null when the address has no origin. */
export function credentialKey(address: string, account: string): CredentialKey | null {
  const origin = credentialOrigin(address);
  const acct = account.trim();
  return origin && acct ? { origin, account: acct } : null;
}

export function sameCredentialKey(a: CredentialKey | null, b: CredentialKey | null): boolean {
  return a !== null && b !== null && a.origin === b.origin && a.account === b.account;
}
