/**
 * Main's task events reach the cache once, through useTaskEvents in the shell: the retry banner
 * (ServiceStatus, a shell slot) follows the tracker's health as main pushes it, with no listener of
 * its own. The preload API is faked at the IPC boundary.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaxDeskApi } from '../../../src/shared/ipc/contract';
import { initI18n } from '../../../src/renderer/src/i18n';
import { ServiceStatus, useTaskEvents } from '../../../src/renderer/src/features/tasks';

type Listener = (payload: unknown) => void;

function installApi() {
  const listeners = new Map<string, Set<Listener>>();
  const api = new Proxy({} as FaxDeskApi, {
    get: (_t, name: string) => {
      if (name === 'on')
        return (event: string, fn: Listener) => {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return () => listeners.get(event)!.delete(fn);
        };
      return async () => (name === 'trackerHealth' ? { ok: true, value: { state: 'ok', failures: 0, retryAtMs: null, lastError: null } } : { ok: false, error: { code: 'test.unexpected', message: name } });
    },
  });
  Object.defineProperty(window, 'faxdesk', { value: api, configurable: true, writable: true });
  return {
    emit: (event: string, payload: unknown) => act(() => listeners.get(event)?.forEach((fn) => fn(payload))),
    count: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

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
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Shell />
      </QueryClientProvider>,
    );
    expect(main.count('trackerHealthChanged')).toBe(1);
    expect(screen.queryByTestId('service-status')).toBeNull();
    main.emit('trackerHealthChanged', { state: 'offline', failures: 3, retryAtMs: null, lastError: 'network' });
    expect((await screen.findByTestId('service-status')).textContent).toMatch(/offline/i);
    main.emit('trackerHealthChanged', { state: 'ok', failures: 0, retryAtMs: null, lastError: null });
    await waitFor(() => expect(screen.queryByTestId('service-status')).toBeNull());
    cleanup();
    expect(main.count('trackerHealthChanged')).toBe(0);
  });
});
