/**
 * The connection's account reads: the status the settings show, the account (reads close together share
 * one request), and the balance read again after charges — each telling the onAccount listeners.
 */
import type { AccountView, ConnectionStatus } from '../../shared/account/types';
import type { FaxApiClient } from '../api/client';
import { client, currentKey, mode, type ConnectionState } from './connection-state';

/** account reads this close together share one request (after Save and connect, 5 went out in a second) */
export const ACCOUNT_SHARED_MS = 2_000;

export function toAccountView(a: Awaited<ReturnType<FaxApiClient['getAccount']>>, mode: 'demo' | 'account'): AccountView {
  return {
    uid: a.uid,
    name: a.name,
    balance: a.balance,
    status: a.status,
    webhookUrl: a.webhook_url ?? null,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    fetchedAt: Date.now(),
    mode,
  };
}

export function refreshAccount(s: ConnectionState): Promise<AccountView | null> {
  // One read at a time: a burst of creates and task ends costs one request.
  s.refreshing ??= (async () => {
    try {
      const m = mode(s);
      const view = toAccountView(await (await client(s)).getAccount(), m);
      if (mode(s) !== m) return null;
      for (const l of s.accountListeners) l(view);
      return view;
    } catch (e) {
      s.deps.log.info(`account: could not read the balance again: ${(e as Error).message}`);
      return null;
    } finally {
      s.refreshing = null;
    }
  })();
  return s.refreshing;
}

export async function status(s: ConnectionState): Promise<ConnectionStatus> {
  const { settings, secrets } = s.deps;
  const current = settings.get();
  const key = currentKey(s);
  return {
    mode: mode(s),
    baseUrl: current.baseUrl,
    apiKey: current.apiKey,
    secretSet: key ? await secrets.has(key) : false,
    secretStorage: secrets.kind,
    keychainWarning: secrets.warning,
    settingsNotice: settings.notice,
  };
}

export function account(s: ConnectionState): Promise<AccountView> {
  // A connection change is followed by reads from several places at once (the form, the header,
  // the events): they share one request, and the one the connect itself just made.
  const t = s.now();
  if (s.recent && t - s.recent.at < ACCOUNT_SHARED_MS) return s.recent.view;
  const m = mode(s);
  const view = (async () => {
    const v = toAccountView(await (await client(s)).getAccount(), m);
    // The window's own read is news too: the tasks learn the service answered and whether the balance moved.
    if (mode(s) === m) for (const l of s.accountListeners) l(v);
    return v;
  })();
  const entry = { at: t, view };
  s.recent = entry;
  view.catch(() => {
    if (s.recent === entry) s.recent = null;
  });
  return view;
}
