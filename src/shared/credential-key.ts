/**
 * Which service a stored credential belongs to (DESIGN.md "A credential
 * belongs to its service"): the origin it may be sent to and the account it
 * authenticates, as git credential helpers and browsers key passwords by
 * host. A secret is only ever read back for exactly the same pair.
 */
export interface CredentialKey {
  /**
   * where it may be sent: for the API secret scheme://host[:port] plus the
   * service's base path (credentialService), so another service under the
   * same host (https://host/tenant-b beside https://host/tenant-a) does not
   * receive it; for directories the origin alone
   */
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

/** The base path of an address as the key writes it: no trailing slash, '' for the root. */
function basePath(raw: string): string {
  try {
    return new URL(raw.trim()).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** Origin + base path: the service an API secret belongs to (null without an origin). */
export function credentialService(raw: string): string | null {
  const origin = credentialOrigin(raw);
  return origin && `${origin}${basePath(raw)}`;
}

/** The key for a service address and account, or null when the address has no origin. */
export function credentialKey(address: string, account: string): CredentialKey | null {
  const service = credentialService(address);
  const acct = account.trim();
  return service && acct ? { origin: service, account: acct } : null;
}

/**
 * The key FaxDesk used before secrets were bound to the base path too (the
 * origin alone), for an address that has a path; null where the two agree.
 * Start-up moves such an entry to the configured service's key.
 */
export function originOnlyKey(address: string, account: string): CredentialKey | null {
  const origin = credentialOrigin(address);
  const acct = account.trim();
  return origin && acct && basePath(address) !== '' ? { origin, account: acct } : null;
}

export function sameCredentialKey(a: CredentialKey | null, b: CredentialKey | null): boolean {
  return a !== null && b !== null && a.origin === b.origin && a.account === b.account;
}
