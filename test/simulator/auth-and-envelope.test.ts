import { describe, expect, it } from 'vitest';
import { call, sim, TIMESTAMP, wallClock } from './helpers';

describe('authentication', () => {
  it('answers 401 缺少API密钥或秘钥 with errors "" when the key or the secret is missing', async () => {
    const s = await sim();
    const variants: Array<Record<string, string>> = [{}, { 'X-API-Key': s.apiKey }, { 'X-API-Secret': s.apiSecret }, { 'X-API-Key': '', 'X-API-Secret': s.apiSecret }];
    for (const headers of variants) {
      const r = await call(s, 'GET', '/api/v2/account/status', { auth: false, headers });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, message: '缺少API密钥或秘钥', errors: '' });
    }
  });

  it('answers 401 API密钥无效 when key and secret do not match', async () => {
    const s = await sim({ apiKey: 'k-1', apiSecret: 's-1' });
    for (const headers of [
      { 'X-API-Key': 'k-1', 'X-API-Secret': 'wrong' },
      { 'X-API-Key': 'wrong', 'X-API-Secret': 's-1' },
      { 'X-API-Key': 's-1', 'X-API-Secret': 'k-1' },
    ]) {
      const r = await call(s, 'POST', '/api/v2/faxes', { auth: false, headers, json: {} });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, message: 'API密钥无效', errors: '' });
    }
  });

  it('answers 401 无API访问权限 when the API function is disabled, and serves again once enabled', async () => {
    const s = await sim();
    s.setAccount({ apiEnabled: false });
    const r = await call(s, 'GET', '/api/v2/faxes/task_x');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, message: '无API访问权限', errors: '' });
    s.setAccount({ apiEnabled: true });
    expect((await call(s, 'GET', '/api/v2/account/status')).status).toBe(200);
  });

  it('checks credentials on every endpoint', async () => {
    const s = await sim();
    const routes: Array<[string, string]> = [
      ['POST', '/api/v2/files/upload'],
      ['POST', '/api/v2/faxes'],
      ['GET', '/api/v2/faxes/abc'],
      ['GET', '/api/v2/fax/recipients/abc'],
      ['GET', '/api/v2/account/status'],
    ];
    for (const [method, path] of routes) {
      const r = await call(s, method, path, { auth: false, json: method === 'POST' ? {} : undefined });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body.message).toBe('缺少API密钥或秘钥');
    }
  });
});

describe('envelope', () => {
  it('answers an unknown route with a 404 JSON envelope, never HTML', async () => {
    const s = await sim();
    for (const [method, path] of [['GET', '/'], ['GET', '/api/v2/nothing'], ['DELETE', '/api/v2/faxes/abc'], ['GET', '/api/v2/faxes']]) {
      const r = await call(s, method!, path!);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toBe('Not found');
      expect(typeof r.body.errors).toBe('string');
    }
  });

  it('answers a malformed JSON body with a 400 envelope and keeps serving', async () => {
    const s = await sim();
    for (const body of ['{"name": ', 'not json', '']) {
      const r = await call(s, 'POST', '/api/v2/faxes', { headers: { 'Content-Type': 'application/json' }, body });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toBe('Invalid parameters');
      expect(r.body.errors.body[0]).toMatch(/JSON/);
    }
    const up = await call(s, 'POST', '/api/v2/files/upload', { headers: { 'Content-Type': 'application/json' }, body: '{oops' });
    expect(up.status).toBe(400);
    expect(up.body.success).toBe(false);
    expect(typeof up.body.errors).toBe('string');
    expect((await call(s, 'GET', '/api/v2/account/status')).status).toBe(200);
  });
});

describe('account status', () => {
  it('returns the account with every field, timestamps in the service time zone', async () => {
    const s = await sim({ balance: 123.45, accountName: 'Acme 办公室', webhookUrl: 'http://127.0.0.1:9/hook' });
    const before = Date.now();
    const r = await call(s, 'GET', '/api/v2/account/status');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('Account details retrieved');
    const a = r.body.data;
    expect(Object.keys(a).sort()).toEqual(['balance', 'created_at', 'name', 'status', 'uid', 'updated_at', 'webhook_url']);
    expect(a).toMatchObject({ name: 'Acme 办公室', balance: 123.45, webhook_url: 'http://127.0.0.1:9/hook', status: 'active' });
    expect(a.uid).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a.created_at).toMatch(TIMESTAMP);
    expect([wallClock(before - 1000), wallClock(before), wallClock(Date.now())]).toContain(a.created_at);
  });

  it('reports webhook_url null when none is configured, and account changes made through setAccount', async () => {
    const s = await sim();
    expect((await call(s, 'GET', '/api/v2/account/status')).body.data).toMatchObject({ webhook_url: null, balance: 500, name: 'FaxDesk Demo' });
    s.setAccount({ status: 'suspended', balance: 7.5 });
    expect((await call(s, 'GET', '/api/v2/account/status')).body.data).toMatchObject({ status: 'suspended', balance: 7.5 });
  });

  it('writes timestamps in the configured time zone', async () => {
    const s = await sim({ timezone: 'America/New_York' });
    const r = await call(s, 'GET', '/api/v2/account/status');
    const now = Date.now();
    expect([wallClock(now - 1000, 'America/New_York'), wallClock(now, 'America/New_York')]).toContain(r.body.data.created_at);
  });
});
