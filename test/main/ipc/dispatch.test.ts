import { describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames, ipcChannel, ipcEvent } from '@shared/ipc/contract';
import { dispatch } from '@main/ipc/dispatch';
import { registerIpc, type IpcEventLike, type IpcMainLike } from '@main/ipc/register';
import { buildApi } from '../../../src/preload/build-api';
import { UserError } from '@main/errors';
import { makeTestServices } from '../../helpers/services';

describe('the IPC contract', () => {
  it('has a main-process handler and a preload function for every channel, and nothing else', async () => {
    const { services, cleanup } = await makeTestServices();
    try {
      expect(Object.keys(services.handlers).sort()).toEqual([...channelNames].sort());
      const api = buildApi({ invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() }, () => '');
      const exposed = Object.keys(api).filter((k) => k !== 'on' && k !== 'grantFile');
      expect(exposed.sort()).toEqual([...channelNames].sort());
      expect('invoke' in api).toBe(false);
    } finally {
      await cleanup();
    }
  });

  it('answers a malformed payload with a structured validation error and never calls the handler', async () => {
    const { services, cleanup } = await makeTestServices();
    try {
      const spy = vi.spyOn(services.handlers, 'setLanguage');
      const result = await dispatch(services.handlers, 'setLanguage', { language: 'klingon', extra: 1 });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('ipc.invalid_input');
      expect(Object.keys(result.error.fields ?? {})).toContain('language');
      expect(spy).not.toHaveBeenCalled();
      expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    } finally {
      await cleanup();
    }
  });

  it('turns thrown errors into plain data, hiding internals', async () => {
    const { services, cleanup } = await makeTestServices();
    try {
      services.handlers.appInfo = () => {
        throw new UserError('x.code', 'Do this instead.', { name: ['too long'] });
      };
      expect(await dispatch(services.handlers, 'appInfo', undefined)).toEqual({
        ok: false,
        error: { code: 'x.code', message: 'Do this instead.', fields: { name: ['too long'] } },
      });
      services.handlers.appInfo = () => {
        throw new Error('ENOENT /secret/path');
      };
      const r = await dispatch(services.handlers, 'appInfo', undefined);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('internal');
        expect(r.error.message).not.toContain('/secret/path');
      }
      expect((await dispatch(services.handlers, '__proto__', undefined)).ok).toBe(false);
    } finally {
      await cleanup();
    }
  });

  it('refuses calls from a frame that is not the app window', async () => {
    const { services, cleanup } = await makeTestServices();
    try {
      const registered = new Map<string, (e: IpcEventLike, ...a: unknown[]) => Promise<unknown>>();
      const ipcMain: IpcMainLike = { handle: (c, l) => void registered.set(c, l), removeHandler: (c) => void registered.delete(c) };
      const spy = vi.spyOn(services.handlers, 'appInfo');
      const unregister = registerIpc(ipcMain, services.handlers, (url) => url.startsWith('file:///app/'));
      const handler = registered.get(ipcChannel('appInfo'))!;
      const foreign = (await handler({ senderFrame: { url: 'https://evil.example/' } }, undefined)) as { ok: boolean; error: { code: string } };
      expect(foreign.ok).toBe(false);
      expect(foreign.error.code).toBe('ipc.untrusted_sender');
      expect(await handler({ senderFrame: null }, undefined)).toMatchObject({ ok: false });
      expect(spy).not.toHaveBeenCalled();
      const ours = (await handler({ senderFrame: { url: 'file:///app/index.html' } }, undefined)) as { ok: boolean };
      expect(ours.ok).toBe(true);
      unregister();
      expect(registered.size).toBe(0);
    } finally {
      await cleanup();
    }
  });

  it('lets the page subscribe only to the contract events, without the raw IPC event', () => {
    const on = vi.fn();
    const api = buildApi({ invoke: vi.fn(), on, removeListener: vi.fn() }, () => '');
    const listener = vi.fn();
    api.on('navigate', listener);
    expect(on).toHaveBeenCalledWith(ipcEvent('navigate'), expect.any(Function));
    const wrapped = on.mock.calls[0]![1] as (e: unknown, p: unknown) => void;
    wrapped({ sender: 'raw ipc event' }, { route: 'tasks' });
    expect(listener).toHaveBeenCalledWith({ route: 'tasks' });
    expect(() => api.on('not-an-event' as never, vi.fn())).toThrow();
    expect(eventNames).toContain('navigate');
  });
});
