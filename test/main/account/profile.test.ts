/**
 * Whose tasks are current (profile.ts): the answer is kept for the account in use (each upload asks
 * twice), and must never outlive a change of account — a stale profile would show one account's
 * tasks and reuse its uploads under another.
 */
import { describe, expect, it } from 'vitest';
import { accountProfile } from '@main/account/profile';

describe('the profile of an account', () => {
  it('is the same for the same service and key, and follows every change of either, also back and forth', () => {
    const a = accountProfile('https://fax.example.com/v2', 'key-a');
    const b = accountProfile('https://fax.example.com/v2', 'key-b');
    const other = accountProfile('https://other.example.com', 'key-a');
    expect(new Set([a, b, other]).size).toBe(3);
    expect(accountProfile('https://fax.example.com/v2', 'key-a')).toBe(a);
    expect(accountProfile('https://fax.example.com/v2', 'key-b')).toBe(b);
    expect(accountProfile('https://fax.example.com/v2', 'key-b')).toBe(b);
    expect(accountProfile('https://other.example.com', 'key-a')).toBe(other);
    // the origin names the service: another path of the same origin is the same account
    expect(accountProfile('https://fax.example.com/other', 'key-a')).toBe(a);
    expect(a).toMatch(/^account:[0-9a-f]{24}$/);
    expect(a).not.toContain('key-a');
  });
});
