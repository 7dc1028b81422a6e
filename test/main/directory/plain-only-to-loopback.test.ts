/**
 * An unencrypted connection (LDAP here; the office database uses the same
 * rule) goes without the user's consent only to this computer, named
 * literally: a name such as db.localhost is up to the resolver (or a hosts
 * file) and may lead to another machine, so it needs the consent too.
 */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, securityOf } from '@main/directory/ldap-connection';

describe('plain connections without consent', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.4.5.6', '::1', '[::1]'])('are allowed to %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['ldap.localhost', 'localhost.example.com', '128.0.0.1', '10.0.0.5', '::2', 'example.com'])('are refused to %s', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('a directory at ldap://ldap.localhost is refused unless the user allows an unencrypted connection', () => {
    expect(() => securityOf({ url: 'ldap://ldap.localhost', startTls: false, allowPlain: false })).toThrow(expect.objectContaining({ code: 'directory.plain_refused' }));
    expect(securityOf({ url: 'ldap://ldap.localhost', startTls: false, allowPlain: true })).toBe('none');
    expect(securityOf({ url: 'ldap://localhost:3890', startTls: false, allowPlain: false })).toBe('none');
  });
});
