import { channelNames, eventNames } from '../../shared/ipc/contract';
import { FILE_PURPOSES } from '../../shared/ipc/channels/files';

/**
 * The browser preview's stand-in for the preload: it defines window.faxdesk
 * with the same named functions, carried over loopback HTTP to the real
 * handlers. Generated from the contract so it can never drift from it.
 * Served only by the preview server; never part of the packaged app.
 * Files reach main as in the app, from the user's own hand: a dropped File or
 * one picked in the browser's own file picker (chooseFiles) is uploaded and
 * granted server-side; the page gets a handle, never a path.
 */
export function bridgeScript(): string {
  return `(() => {
  // The preview token is an HttpOnly cookie the server set on first load: the page never sees it.
  const channels = ${JSON.stringify(channelNames)};
  const events = ${JSON.stringify(eventNames)};
  // Once the window listens, every call waits until the event stream is connected: main announces what
  // changed after a call (a document arrived after takePendingDocuments found none), and an announcement
  // made before the stream is connected reaches nobody. In the app, ipcRenderer.on listens at once.
  let connected = Promise.resolve();
  const post = async (path, body, type) => {
    await connected;
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
    // open: the server has counted this stream as a listener; error: calls then fail as they would without it
    connected = new Promise((resolve) => {
      source.addEventListener('open', () => resolve(), { once: true });
      source.addEventListener('error', () => resolve(), { once: true });
      // a stream that neither opens nor fails (a stalled connection) holds no call for long
      setTimeout(resolve, 5000);
    });
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
  api.grantFile = async (file) => {
    try {
      const r = await fetch('/__faxdesk/grant?name=' + encodeURIComponent(file.name), { method: 'POST', credentials: 'same-origin', body: file });
      return await r.json();
    } catch {
      return { ok: false, error: { code: 'preview.offline', message: 'The preview server is not running. Start it again with npm start.' } };
    }
  };
  const purposes = ${JSON.stringify(FILE_PURPOSES)};
  // main's open dialog, as the browser offers it: its own file picker
  api.chooseFiles = (input) => new Promise((resolve) => {
    const purpose = input && Object.prototype.hasOwnProperty.call(purposes, input.purpose) ? purposes[input.purpose] : null;
    if (!purpose) return resolve({ ok: false, error: { code: 'ipc.invalid_input', message: 'The request "chooseFiles" was malformed.' } });
    const picker = document.createElement('input');
    picker.type = 'file';
    picker.multiple = purpose.multiple;
    picker.accept = purpose.extensions.map((e) => '.' + e).join(',');
    picker.addEventListener('cancel', () => resolve({ ok: true, value: { files: [] } }));
    picker.addEventListener('change', async () => {
      const files = Array.from(picker.files || []).slice(0, purpose.multiple ? 20 : 1);
      const granted = [];
      for (const f of files) {
        const r = await api.grantFile(f);
        if (!r.ok) return resolve(r);
        granted.push(r.value);
      }
      resolve({ ok: true, value: { files: granted } });
    });
    picker.click();
  });
  Object.freeze(api);
  Object.defineProperty(window, 'faxdesk', { value: api, writable: false, configurable: false });
})();
`;
}
