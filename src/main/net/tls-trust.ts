/**
 * What the connections to servers the user names (LDAP directories, the office's PostgreSQL) share
 * about TLS: the certificates trusted, and which socket error codes mean "not trusted" or "not reachable".
 */
import tls from 'node:tls';

const getCACertificates = (tls as unknown as { getCACertificates?: (type: string) => string[] }).getCACertificates;

/** true where this Node can read the system's certificate store (Node 22.15+); before that, only its bundled roots */
export const CAN_READ_SYSTEM_CA = typeof getCACertificates === 'function';

let systemCa: string[] | null = null;
/** Node's bundled roots plus the system's, so a company CA installed on the computer is trusted; read once. */
export function systemCertificates(): string[] {
  if (systemCa === null) {
    try {
      systemCa = getCACertificates ? [...getCACertificates('default'), ...getCACertificates('system')] : [...tls.rootCertificates];
    } catch {
      systemCa = [...tls.rootCertificates];
    }
  }
  return systemCa;
}

/** the server's certificate is not one we trust (self-signed, unknown issuer, bad signature) */
export const UNTRUSTED_CERT_CODES: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/** the server could not be reached, or the connection dropped */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);
