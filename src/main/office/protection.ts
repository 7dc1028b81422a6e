/**
 * Which protection a connection to the office database gets, decided before
 * any byte is sent: TLS with a verified certificate by default; unencrypted
 * only to this computer, or to another host when the user has said the
 * network is trusted.
 */
import type { OfficeFields, Protection } from '../../shared/office/types';
import { isLoopbackHost } from '../directory/ldap-connection';
import { UserError } from '../errors';

export function protectionOf(fields: Pick<OfficeFields, 'host' | 'tls' | 'allowPlain'>): Protection {
  if (fields.tls) return 'tls-verified';
  if (isLoopbackHost(fields.host) || fields.allowPlain) return 'plain';
  const message =
    'Without TLS the password and every fax record cross the network unencrypted. Turn on TLS, or (only on a network you trust) allow an unencrypted connection.';
  throw new UserError('office.plain_refused', message, { tls: [message] });
}
