import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_DOCUMENT_EXTENSIONS } from '../../src/shared/send/limits';

// The installers cannot be built here (no Electron binary), so the
// configuration is checked the way electron-builder itself would check it,
// plus the properties we rely on: fuses, associations, icons, printer files.
const require = createRequire(import.meta.url);
const root = path.resolve('.');

type Json = Record<string, unknown>;
interface FileAssociation {
  ext: string | string[];
  mimeType?: string;
  rank?: string;
}

const c = (config: Json) => config['extraResources'] as Array<{ from: string; to: string }>;

async function loadConfig(): Promise<Json> {
  // electron-builder's own loader: finds electron-builder.yml exactly as a build would
  const { getConfig } = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Json>;
  };
  return getConfig(root, null, null);
}

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own validation', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: Json, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, nsis: { oneClik: false } }, new DebugLogger(false))).rejects.toThrow(/configuration\.nsis/);
  });

  it('matches the JSON schema shipped with electron-builder (ajv)', async () => {
    const Ajv = (require('ajv') as { default: new (o: object) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } } }).default;
    const schema = JSON.parse(fs.readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as Json;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const config = await loadConfig();
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // and the schema does catch a mistake (guards against a validator that passes everything)
    expect(validate({ ...config, electronFuses: { runAsNod: false } })).toBe(false);
  });

  it('sets the Electron fuses: no RunAsNode, NODE_OPTIONS or inspect; cookie encryption and ASAR integrity on', async () => {
    expect((await loadConfig())['electronFuses']).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('builds deb and AppImage, NSIS and dmg for FaxDesk', async () => {
    const c = await loadConfig();
    expect(c['productName']).toBe('FaxDesk');
    expect(c['appId']).toMatch(/^[a-z0-9.-]+$/);
    expect((c['linux'] as Json)['target']).toEqual(['deb', 'AppImage']);
    expect((c['win'] as Json)['target']).toEqual(['nsis']);
    expect((c['mac'] as Json)['target']).toEqual(['dmg']);
    // electron-builder's loader normalizes `files` into filter sets
    expect(JSON.stringify(c['files'])).toContain('"out/**"');
  });

  it('packs what the app runs from out/ (main with its shared chunk and worker, preload, renderer) and not the browser preview', async () => {
    const { FileMatcher } = require('app-builder-lib/out/fileMatcher') as {
      FileMatcher: new (from: string, to: string, expand: (s: string) => string, patterns: unknown) => { createFilter(): (file: string, stat: fs.Stats) => boolean };
    };
    // normalized by the loader into filter sets: [{ filter: [patterns…] }]
    const files = ((await loadConfig())['files'] as Array<{ filter: string[] }>).flatMap((set) => set.filter);
    const packed = new FileMatcher(root, '/app', (s) => s, files).createFilter();
    const fileStat = { isDirectory: () => false, isFile: () => true } as fs.Stats;
    const packs = (rel: string) => packed(path.join(root, rel), fileStat);
    for (const shipped of ['out/main/index.js', 'out/main/services-AbC123.js', 'out/main/page-count-worker.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']) {
      expect(packs(shipped), shipped).toBe(true);
    }
    expect(packs('out/main/preview.js')).toBe(false);
  });

  it('registers every document type the Send screen accepts, without taking over the user’s viewer on macOS', async () => {
    const assoc = (await loadConfig())['fileAssociations'] as FileAssociation[];
    const exts = assoc.flatMap((a) => (Array.isArray(a.ext) ? a.ext : [a.ext]));
    expect([...exts].sort()).toEqual([...ACCEPTED_DOCUMENT_EXTENSIONS].sort());
    for (const a of assoc) {
      expect(a.rank).toBe('Alternate');
      // a mimeType would make electron-builder ship a shared-mime-info file redefining the standard types
      expect(a.mimeType, String(a.ext)).toBeUndefined();
    }
  });

  it('on Linux: FaxDesk is in "Open With" for the standard types (desktop entry only), takes files with %F, and ships no MIME package', async () => {
    const c = await loadConfig();
    const linux = c['linux'] as Json;
    expect([...(linux['mimeTypes'] as string[])].sort()).toEqual(
      [
        'application/msword',
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'image/jpeg',
        'image/png',
        'image/tiff',
        'text/plain',
      ].sort(),
    );
    expect(linux['executableArgs']).toEqual(['%F']);
    // what electron-builder itself generates from this configuration
    const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper') as {
      LinuxTargetHelper: new (packager: unknown) => { computeMimeTypeFiles(): Promise<string | null>; computeDesktopEntry(o: Json, exec?: string): Promise<string> };
    };
    const packager = {
      fileAssociations: c['fileAssociations'],
      config: c,
      platformSpecificBuildOptions: linux,
      executableName: 'faxdesk',
      appInfo: { productName: 'FaxDesk', sanitizedProductName: 'FaxDesk', version: '0.1.0', description: 'x', linuxPackageName: 'faxdesk' },
      info: { metadata: { desktopName: 'faxdesk.desktop' }, tempDirManager: { getTempFile: async () => path.join(root, 'out', 'unused.tmp') } },
      getTempFile: async () => path.join(root, 'out', 'unused.xml'),
    };
    const helper = new LinuxTargetHelper(packager);
    expect(await helper.computeMimeTypeFiles()).toBeNull();
    const entry = await helper.computeDesktopEntry(linux);
    expect(entry).toMatch(/^Exec=\/opt\/FaxDesk\/faxdesk %F$/m);
    expect(entry).toMatch(/^MimeType=application\/pdf;application\/msword;[^\n]*image\/tiff;$/m);
    // Open With, never the default: no InitialPreference (KDE) or similar
    expect(entry).not.toMatch(/InitialPreference/);
  });

  it('names a homepage, an author and a license (the .deb cannot be built without them)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Json;
    expect(pkg['homepage']).toMatch(/^https:\/\//);
    expect((pkg['author'] as Json)['name']).toBe('FaxDesk');
    expect((pkg['author'] as Json)['email']).toMatch(/@/);
    expect(pkg['license']).toBeTruthy();
  });

  it('.deb: installs the printer after install where CUPS runs, removes it before removal, and keeps electron-builder’s own post-install', async () => {
    const deb = (await loadConfig())['deb'] as Json;
    const after = fs.readFileSync(path.join(root, deb['afterInstall'] as string), 'utf8');
    // electron-builder's template (symlink, chrome-sandbox, mime and desktop databases, AppArmor) is kept verbatim
    expect(after.startsWith(fs.readFileSync(require.resolve('app-builder-lib/templates/linux/after-install.tpl'), 'utf8'))).toBe(true);
    expect(after).toMatch(/command -v lpadmin[\s\S]*scheduler is running[\s\S]*install-printer\.sh/);
    expect(after).toContain('FAXDESK_SKIP_PRINTER');
    // macros electron-builder fills in are all known ones
    for (const m of after.matchAll(/\$\{([a-zA-Z]+)\}/g)) expect(['executable', 'sanitizedProductName', 'productFilename']).toContain(m[1]);
    const fpm = deb['fpm'] as string[];
    const before = /^--before-remove=(.+)$/.exec(fpm.find((a) => a.startsWith('--before-remove='))!)![1]!;
    const script = fs.readFileSync(path.join(root, before), 'utf8');
    expect(script).toMatch(/remove\|purge/);
    expect(script).toContain('uninstall-printer.sh');
    expect(script.trimEnd().endsWith('exit 0')).toBe(true);
  });

  it('.deb: creates the policy folder after install; electron-builder’s own after-remove is kept, and purge removes the policy', async () => {
    const deb = (await loadConfig())['deb'] as Json;
    const install = fs.readFileSync(path.join(root, deb['afterInstall'] as string), 'utf8');
    expect(install).toMatch(/install -d -o root -g root -m 0755 "\$FAXDESK_POLICY_DIR"/);
    const after = fs.readFileSync(path.join(root, deb['afterRemove'] as string), 'utf8');
    expect(after.startsWith(fs.readFileSync(require.resolve('app-builder-lib/templates/linux/after-remove.tpl'), 'utf8').trimEnd())).toBe(true);
    expect(after).toMatch(/"\$\{1:-\}" = purge[\s\S]*policy\.json/);
    for (const m of after.matchAll(/\$\{([a-zA-Z]+)\}/g)) expect(['executable', 'sanitizedProductName', 'productFilename']).toContain(m[1]);
    // the published policy schema ships beside the app, where the policy folder's link points
    expect(c(await loadConfig())).toContainEqual({ from: 'resources/policy.schema.json', to: 'policy.schema.json' });
  });

  it('points at icons and resources that exist: a 512×512 app icon and tray icons, all small PNGs', async () => {
    const c = await loadConfig();
    for (const p of ['linux', 'win', 'mac']) {
      const icon = path.join(root, (c[p] as Json)['icon'] as string);
      const buf = fs.readFileSync(icon);
      expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([buf.readUInt32BE(16), buf.readUInt32BE(20)]).toEqual([512, 512]);
      expect(buf.length).toBeLessThan(50 * 1024);
    }
    for (const f of ['tray.png', 'tray@2x.png']) expect(fs.readFileSync(path.join(root, 'resources/icons', f)).subarray(1, 4).toString()).toBe('PNG');
    for (const r of c['extraResources'] as Array<{ from: string }>) expect(fs.existsSync(path.join(root, r.from)), r.from).toBe(true);
  });

  it('includes the NSIS script that adds the Send To entry and the Outbox folder', async () => {
    const include = ((await loadConfig())['nsis'] as Json)['include'] as string;
    const nsh = fs.readFileSync(path.join(root, include), 'utf8');
    expect(nsh).toMatch(/!macro customInstall[\s\S]*CreateShortCut "\$SENDTO\\FaxDesk\.lnk" "\$INSTDIR\\\$\{APP_EXECUTABLE_FILENAME\}"/);
    expect(nsh).toMatch(/CreateDirectory "\$PROFILE\\FaxDesk\\Outbox"/);
    expect(nsh).toMatch(/!macro customUnInstall[\s\S]*Delete "\$SENDTO\\FaxDesk\.lnk"/);
  });

  it('ships the printer integration as executable scripts', () => {
    for (const f of [
      'resources/printer/linux/faxdesk',
      'resources/printer/linux/install-printer.sh',
      'resources/printer/linux/uninstall-printer.sh',
      'resources/printer/macos/Send with FaxDesk',
      'resources/printer/macos/install-pdf-service.sh',
    ]) {
      const st = fs.statSync(path.join(root, f));
      if (process.platform !== 'win32') expect(st.mode & 0o111, f).not.toBe(0);
      expect(fs.readFileSync(path.join(root, f), 'utf8').startsWith('#!/bin/sh'), f).toBe(true);
    }
  });
});

describe('macOS PDF Service', () => {
  it('opens FaxDesk by the bundle id the installer builds with', async () => {
    const script = fs.readFileSync(path.join(root, 'resources/printer/macos/Send with FaxDesk'), 'utf8');
    expect(script).toContain(`open -b ${String((await loadConfig())['appId'])} "$dest"`);
  });
});
