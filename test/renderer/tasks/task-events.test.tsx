/**
 * Main's task events reach the cache once, through useTaskEvents in the shell: the retry banner
 * (ServiceStatus, a shell slot) follows the tracker's health as main pushes it, with no listener of
 * its own. The preload API is faked at the IPC boundary.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@renderer/i18n';
import { ServiceStatus, useTaskEvents } from '@renderer/features/tasks';
import { installBridge, renderWithQueries } from '../fake-bridge';

const installApi = () =>
  installBridge({ trackerHealth: () => ({ ok: true, value: { state: 'ok', failures: 0, retryAtMs: null, lastError: null } }) });

function Shell() {
  useTaskEvents();
  return <ServiceStatus />;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

describe("main's task events", () => {
  // The first push comes while the banner's own request is on its way: main's newer word wins.
  it('the retry banner follows the health main pushes: offline, then back to normal', async () => {
    const main = installApi();
    renderWithQueries(<Shell />);
    expect(main.listeners('trackerHealthChanged')).toBe(1);
    expect(screen.queryByTestId('service-status')).toBeNull();
    main.emit('trackerHealthChanged', { state: 'offline', failures: 3, retryAtMs: null, lastError: 'network' });
    expect((await screen.findByTestId('service-status')).textContent).toMatch(/offline/i);
    main.emit('trackerHealthChanged', { state: 'ok', failures: 0, retryAtMs: null, lastError: null });
    await waitFor(() => expect(screen.queryByTestId('service-status')).toBeNull());
    cleanup();
    expect(main.listeners('trackerHealthChanged')).toBe(0);
  });
});
