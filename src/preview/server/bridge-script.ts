import { channelNames, eventNames } from '../../shared/ipc/contract';

/**
 * The browser preview's stand-in for the preload: it defines window.faxdesk
 * with the same named functions, carried over loopback HTTP to the real
 * handlers. Generated from the contract so it can never drift from it.
 * Served only by the preview server; never part of the packaged app.
 */
export function bridgeScript(): string {
  return `(() => {
  // The preview token is an HttpOnly cookie the server set on first load: the page never sees it.
  const channels = ${JSON.stringify(channelNames)};
  const events = ${JSON.stringify(eventNames)};
  const post = async (path, body, type) => {
    const res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': type }, body });
    try { return await res.json(); }
    catch { return { ok: false, error: { code: 'preview.bridge', message: 'The preview server did not answer (HTTP ' + res.status + ').' } }; }
  };
  const api = {};
  for (const name of channels) {
    api[name] = (input) => post('/__faxdesk/ipc/' + name, JSON.stringify({ input }), 'application/json')
      .catch(() => ({ ok: false, error: { code: 'preview.offline', message: 'The preview server is not running. Start it again with npm start.' } }));
  }
  const listeners = new Map();
  let source = null;
  const ensureSource = () => {
    if (source) return;
    source = new EventSource('/__faxdesk/events');
    source.onmessage = (m) => {
      let msg; try { msg = JSON.parse(m.data); } catch { return; }
      for (const l of listeners.get(msg.name) || []) l(msg.payload);
    };
  };
  api.on = (name, listener) => {
    if (!events.includes(name)) throw new Error('Unknown event ' + name);
    ensureSource();
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name).add(listener);
    return () => listeners.get(name).delete(listener);
  };
  api.pathForFile = async (file) => {
    const r = await fetch('/__faxdesk/drop?name=' + encodeURIComponent(file.name), { method: 'POST', credentials: 'same-origin', body: file });
    const j = await r.json();
    if (!j.ok) throw new Error(j.error && j.error.message || 'drop failed');
    return j.value.path;
  };
  Object.freeze(api);
  Object.defineProperty(window, 'faxdesk', { value: api, writable: false, configurable: false });
})();
`;
}
