/**
 * Settings → Fax service account, with the preload API faked at the IPC boundary: until the user
 * types, the form shows the connected account's address and key (and follows it when main says it
 * changed); once the user types, what is typed stays; "Use demo mode" empties both.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '@shared/ipc/channels/account';
import { initI18n } from '@renderer/i18n';
import { useAccountEvents } from '@renderer/features/account';
import { ConnectionForm } from '@renderer/features/settings/connection/connection-form';
import { installBridge, renderWithQueries } from '../fake-bridge';

const account = (baseUrl: string, apiKey: string): ConnectionStatus => ({
  mode: 'account',
  baseUrl,
  apiKey,
  secretSet: true,
  secretStorage: 'keychain',
  keychainWarning: null,
  settingsNotice: null,
});
const demo: ConnectionStatus = { ...account('', ''), mode: 'demo', secretSet: false };

/** main's side: the connection it holds (changed by useDemo, or pushed with `change`). */
function installApi(initial: ConnectionStatus) {
  let status = initial;
  const main = installBridge({
    getConnection: () => ({ ok: true, value: status }),
    useDemo: () => {
      status = demo;
      return { ok: true, value: status };
    },
  });
  return {
    /** main's connectionChanged event */
    change(next: ConnectionStatus) {
      status = next;
      main.emit('connectionChanged', next);
    },
  };
}

function Settings() {
  useAccountEvents();
  return <ConnectionForm />;
}

const show = () => renderWithQueries(<Settings />);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe('the connection form', () => {
  it("shows the connected account's address and key, and follows it until the user types", async () => {
    const main = installApi(account('https://fax.example.com', 'key-1'));
    show();
    await waitFor(() => expect(field('Service address').value).toBe('https://fax.example.com'));
    expect(field('API key').value).toBe('key-1');
    main.change(account('https://fax2.example.com', 'key-2'));
    await waitFor(() => expect(field('Service address').value).toBe('https://fax2.example.com'));
    expect(field('API key').value).toBe('key-2');

    // Typed: the form is the user's now; another change from main leaves it alone.
    fireEvent.change(field('API key'), { target: { value: 'key-typed' } });
    main.change(account('https://fax3.example.com', 'key-3'));
    await screen.findByText('Now using: your account at https://fax3.example.com.');
    expect(field('Service address').value).toBe('https://fax2.example.com');
    expect(field('API key').value).toBe('key-typed');
  });

  it('Use demo mode empties the address and key', async () => {
    installApi(account('https://fax.example.com', 'key-1'));
    show();
    await waitFor(() => expect(field('Service address').value).toBe('https://fax.example.com'));
    fireEvent.change(field('Service address'), { target: { value: 'https://typed.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use demo mode' }));
    await screen.findByText('Now using: demo mode (built-in simulator).');
    expect(field('Service address').value).toBe('');
    expect(field('API key').value).toBe('');
  });
});
