import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSettings } from '@main/settings/settings';
import { defaultSettings } from '@shared/settings';
import { confFactory, makeTestServices } from '../../helpers/services';
import { tempDirs } from '../../helpers/temp-dirs';

const tempDir = tempDirs('faxdesk-settings-');

describe('settings on disk', () => {
  it('starts from the documented defaults and keeps what was saved across a reopen', () => {
    const dir = tempDir();
    const s = openSettings(dir, confFactory);
    expect(s.get()).toEqual(defaultSettings);
    expect(s.get().serviceTimeZone).toBe('Asia/Shanghai');
    expect(s.get().defaultCountry).toBe('CN');
    s.update({ apiKey: 'k-1', lowBalanceThreshold: 55, language: 'zh-CN' });
    const again = openSettings(dir, confFactory);
    expect(again.get()).toMatchObject({ apiKey: 'k-1', lowBalanceThreshold: 55, language: 'zh-CN' });
    expect(again.notice).toBeNull();
  });

  it('moves a corrupt file aside and reports it instead of silently resetting', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), '{"apiKey": "k-2", "baseUrl": ');
    const s = openSettings(dir, confFactory);
    expect(s.notice).not.toBeNull();
    expect(fs.existsSync(s.notice!.movedTo)).toBe(true);
    expect(fs.readFileSync(s.notice!.movedTo, 'utf8')).toContain('"k-2"');
    expect(s.get()).toEqual(defaultSettings);
  });

  it('moves aside a file whose values are invalid (e.g. plain http to another host)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ baseUrl: 'http://fax.example.com', apiKey: 'k' }));
    const s = openSettings(dir, confFactory);
    expect(s.notice?.reason).toMatch(/baseUrl/);
    expect(s.get().baseUrl).toBe('');
  });

  it('refuses invalid changes field by field and saves nothing', () => {
    const s = openSettings(tempDir(), confFactory);
    expect(() => s.update({ serviceTimeZone: 'Mars/Olympus', defaultCountry: 'china' })).toThrow(/not valid/);
    try {
      s.update({ serviceTimeZone: 'Mars/Olympus' });
    } catch (e) {
      expect((e as { fields: Record<string, string[]> }).fields['serviceTimeZone']).toBeDefined();
    }
    expect(s.get().serviceTimeZone).toBe('Asia/Shanghai');
  });
});

describe('demo mode', () => {
  it('keeps demo tasks across a restart of FaxDesk', async () => {
    const first = await makeTestServices();
    const client = await first.services.connection.client();
    const pdf = path.join(first.dataDir, 'one.txt');
    fs.writeFileSync(pdf, 'hello fax\n');
    const file = await client.uploadFile(pdf);
    const task = await client.createTask({ name: 'Demo survives', file_refs: [file.file_ref], phone_numbers: ['8613800000001'] });
    await first.services.close();

    const second = await makeTestServices({ dataDir: first.dataDir });
    try {
      const again = await (await second.services.connection.client()).getTask(task.task_ref);
      expect(again.name).toBe('Demo survives');
      expect(again.recipients).toHaveLength(1);
    } finally {
      await second.cleanup();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

describe('changing one setting', () => {
  it('leaves every other setting as it was', () => {
    const dir = tempDir();
    const s = openSettings(dir, confFactory);
    s.update({ baseUrl: 'https://fax.example.com', apiKey: 'k-9', serviceTimeZone: 'Europe/Berlin', lowBalanceThreshold: 7 });
    s.update({ language: 'zh-CN' });
    s.update({ notifyOnDone: false });
    expect(openSettings(dir, confFactory).get()).toMatchObject({
      baseUrl: 'https://fax.example.com',
      apiKey: 'k-9',
      serviceTimeZone: 'Europe/Berlin',
      lowBalanceThreshold: 7,
      language: 'zh-CN',
      notifyOnDone: false,
      defaultCountry: 'CN',
    });
  });
});
