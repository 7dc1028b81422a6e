/**
 * Whether the real OS keychain (a Secret Service on the session bus) can be reached: tests that need it
 * run inside `dbus-run-session` with an unlocked gnome-keyring (README, the test command) and say why they
 * skip anywhere else. The probe writes and removes one entry under the test's own service name.
 */
import { loadKeytar } from '@main/credentials/secret-store';

/** Why the real keychain cannot be used here, or null when it can. */
export async function keychainUnavailable(service: string): Promise<string | null> {
  if (!process.env['DBUS_SESSION_BUS_ADDRESS']) return 'DBUS_SESSION_BUS_ADDRESS is not set (no D-Bus session)';
  try {
    const keytar = await loadKeytar();
    await keytar.setPassword(service, 'reachability', 'x');
    await keytar.deletePassword(service, 'reachability');
    return null;
  } catch (e) {
    return `the Secret Service is not reachable: ${(e as Error).message}`;
  }
}
