/**
 * Renderer tests talk to main through the one thing not run here, Electron's preload bridge
 * (window.faxdesk): this fakes it at that boundary. Each channel is answered by its handler (an
 * IpcResult, or a promise of one), every call is recorded, and main's events can be pushed to the
 * listeners the window registered. A channel without a handler answers `test.unexpected`.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { FaxDeskApi } from '../../src/shared/ipc/contract';

export type Reply = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; fields?: Record<string, string[]> } };
export type Handler = (input: unknown) => Reply | Promise<unknown>;

export interface FakeBridge {
  /** Every call so far: [channel, input]. */
  calls: Array<[string, unknown]>;
  /** The inputs of one channel's calls. */
  inputsOf(channel: string): unknown[];
  /** main pushes an event to the window (inside act, as React would see it). */
  emit(event: string, payload: unknown): void;
  /** How many listeners the window holds for an event. */
  listeners(event: string): number;
}

/** Installs the fake as window.faxdesk. */
export function installBridge(handlers: Record<string, Handler>): FakeBridge {
  const calls: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = new Proxy({} as FaxDeskApi, {
    get: (_t, name: string) => {
      if (name === 'on')
        return (event: string, fn: (payload: unknown) => void) => {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return () => listeners.get(event)!.delete(fn);
        };
      return (input: unknown) => {
        calls.push([name, input]);
        const h = handlers[name];
        return Promise.resolve(h ? h(input) : { ok: false, error: { code: 'test.unexpected', message: name } });
      };
    },
  });
  Object.defineProperty(window, 'faxdesk', { value: api, configurable: true, writable: true });
  return {
    calls,
    inputsOf: (channel) => calls.filter(([n]) => n === channel).map(([, input]) => input),
    emit: (event, payload) => act(() => listeners.get(event)?.forEach((fn) => fn(payload))),
    listeners: (event) => listeners.get(event)?.size ?? 0,
  };
}

/** Renders with a fresh query cache (no retries: a refusal shows at once). */
export function renderWithQueries(ui: ReactNode): ReturnType<typeof render> & { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}
