/**
 * A real OpenLDAP server (Debian's slapd) for tests: a throwaway slapd.conf
 * and mdb database in a temp folder, loaded with slapadd, listening on
 * 127.0.0.1 ports found free first, stopped (and its folder removed) by
 * `stop()`. The server's size limit is small (100) so searches must page,
 * and one bind account has a total limit (20) so the size-limit path runs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { until } from './until';

export const SUFFIX = 'dc=example,dc=com';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PW = 'root-Pw-93kd';
export const READER_DN = `cn=fax reader,ou=service,${SUFFIX}`;
export const READER_PW = 'Rdr-7q!x-secret';
export const LIMITED_DN = `cn=limited,ou=service,${SUFFIX}`;
export const LIMITED_PW = 'Lim-5t-secret';
export const PEOPLE_DN = `ou=people,${SUFFIX}`;
/** the server's size limit for searches without paging */
export const SERVER_SIZE_LIMIT = 100;
/** the total the limited account may read, even with paging */
export const LIMITED_TOTAL = 20;

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

export function slapdMissing(): string | null {
  if (!fs.existsSync(SLAPD) || !fs.existsSync(SLAPADD)) return 'slapd is not installed (apt-get install slapd ldap-utils)';
  return null;
}

export interface RunningSlapd {
  url: string;
  /** set when started with tls: an ldaps listener with a self-signed certificate */
  ldapsUrl: string | null;
  /** the self-signed certificate (PEM), so a test can trust it explicitly */
  certPem: string | null;
  dir: string;
  /** the generated people, as loaded */
  people: GeneratedPerson[];
  stop(): Promise<void>;
}

export interface GeneratedPerson {
  uid: string;
  name: string;
  company: string;
  /** facsimileTelephoneNumber values */
  fax: string[];
  /** otherFacsimileTelephoneNumber values (the Active Directory attribute) */
  otherFax: string[];
}

/** The AD attributes inetOrgPerson lacks, under a private OID arc, on an auxiliary class. */
const AD_SCHEMA = `
attributetype ( 1.3.6.1.4.1.99999.1.1 NAME 'otherFacsimileTelephoneNumber'
  EQUALITY telephoneNumberMatch SUBSTR telephoneNumberSubstringsMatch
  SYNTAX 1.3.6.1.4.1.1466.115.121.1.50 )
attributetype ( 1.3.6.1.4.1.99999.1.2 NAME 'company'
  EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch
  SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
objectclass ( 1.3.6.1.4.1.99999.2.1 NAME 'faxdeskAdUser' AUXILIARY
  MAY ( otherFacsimileTelephoneNumber $ company ) )
`;

/** A small deterministic PRNG so every run loads the same directory. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明'];
const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Karin', 'Lukas', 'Marie', 'Noah', 'Olga', 'Paul'];
const LAST = ['Müller', 'Schmidt', 'Dupont', 'Rossi', 'García', 'Smith', 'Jones', 'Novak', 'Berg', 'Keller', 'Moreau', 'Silva'];
const COMPANIES = ['北京远航贸易有限公司', '上海华东物流有限公司', 'Acme Trading GmbH', 'Globex Logistics Ltd', '深圳新材料科技有限公司', 'Initech Sàrl'];

/**
 * ~1,000 people: Chinese and Latin names, six companies, most with one fax
 * number, some with none, some with two (two values, or the AD "other"
 * attribute), a few with a number that cannot be a fax number. The first
 * entries are fixed so tests can name them.
 */
export function generatePeople(count = 1000): GeneratedPerson[] {
  const r = rng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const fixed: GeneratedPerson[] = [
    { uid: 'p0001', name: '张伟', company: '北京远航贸易有限公司', fax: ['+86 10 8888 1234'], otherFax: [] },
    { uid: 'p0002', name: 'Alice Martin', company: 'Acme Trading GmbH', fax: ['+49 30 1234 5670', '+49 30 1234 5671'], otherFax: [] },
    { uid: 'p0003', name: '欧阳娜娜', company: '上海华东物流有限公司', fax: ['021-6123-4567'], otherFax: ['(021) 6123 4599'] },
    { uid: 'p0004', name: 'Bob Nofax', company: 'Globex Logistics Ltd', fax: [], otherFax: [] },
    { uid: 'p0005', name: '王小明', company: 'Initech Sàrl', fax: ['12345'], otherFax: [] },
    { uid: 'p0006', name: 'Zoë Ångström', company: 'Initech Sàrl', fax: ['+41 22 555 0101'], otherFax: [] },
  ];
  const people = [...fixed];
  for (let i = people.length + 1; people.length < count; i += 1) {
    const chinese = r() < 0.5;
    const name = chinese ? `${pick(SURNAMES)}${pick(GIVEN)}${r() < 0.5 ? pick(GIVEN) : ''}` : `${pick(FIRST)} ${pick(LAST)}`;
    const company = pick(COMPANIES);
    const roll = r();
    const base = () => `+86 ${r() < 0.5 ? '10' : '21'} ${String(60000000 + Math.floor(r() * 39999999))}`;
    const fax = roll < 0.1 ? [] : roll < 0.2 ? [base(), base()] : [base()];
    const otherFax = roll > 0.95 ? [base()] : [];
    people.push({ uid: `p${String(i).padStart(4, '0')}`, name, company, fax, otherFax });
  }
  return people;
}

function b64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64');
}

/** An LDIF attribute line; non-ASCII values are base64 (LDIF's "::"). */
function attr(name: string, value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && !/^[ :<]/.test(value) ? `${name}: ${value}` : `${name}:: ${b64(value)}`;
}

function buildLdif(people: GeneratedPerson[]): string {
  const blocks: string[] = [
    [`dn: ${SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Example', 'dc: example'].join('\n'),
    [`dn: ${PEOPLE_DN}`, 'objectClass: organizationalUnit', 'ou: people'].join('\n'),
    [`dn: ou=service,${SUFFIX}`, 'objectClass: organizationalUnit', 'ou: service'].join('\n'),
    [`dn: ${READER_DN}`, 'objectClass: person', 'cn: fax reader', 'sn: reader', attr('userPassword', READER_PW)].join('\n'),
    [`dn: ${LIMITED_DN}`, 'objectClass: person', 'cn: limited', 'sn: limited', attr('userPassword', LIMITED_PW)].join('\n'),
  ];
  for (const p of people) {
    const lines = [
      `dn: uid=${p.uid},${PEOPLE_DN}`,
      'objectClass: inetOrgPerson',
      'objectClass: faxdeskAdUser',
      `uid: ${p.uid}`,
      attr('cn', p.name),
      attr('sn', p.name.split(' ').pop() ?? p.name),
      attr('displayName', p.name),
      attr('o', p.company),
      ...p.fax.map((f) => attr('facsimileTelephoneNumber', f)),
      ...p.otherFax.map((f) => attr('otherFacsimileTelephoneNumber', f)),
    ];
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, output: string[], ms = 15_000): Promise<void> {
  const listening = async () => {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}:\n${output.join('')}`);
    return new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
  };
  await until(`slapd to listen on ${port}`, listening, ms, 50).catch((e: Error) => {
    throw new Error(`${e.message}:\n${output.join('')}`);
  });
}

function selfSignedCert(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  return { cert, key };
}

/**
 * `sizeLimit`: the server's size limit line instead of the default (100, paged searches unlimited), e.g.
 * 'sizelimit 500' — OpenLDAP's own default, which also stops paged searches at 500 entries in all.
 */
export async function startSlapd(options: { people?: GeneratedPerson[]; tls?: boolean; sizeLimit?: string } = {}): Promise<RunningSlapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-slapd-'));
  const people = options.people ?? generatePeople();
  let child: ChildProcess | null = null;
  try {
    fs.mkdirSync(path.join(dir, 'db'));
    fs.writeFileSync(path.join(dir, 'ad.schema'), AD_SCHEMA);
    const tls = options.tls ? selfSignedCert(dir) : null;
    const conf = [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `include ${path.join(dir, 'ad.schema')}`,
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      // Searches without paging stop at 100 entries; paged searches may read all.
      options.sizeLimit ?? `sizelimit size.soft=${SERVER_SIZE_LIMIT} size.hard=${SERVER_SIZE_LIMIT} size.prtotal=unlimited`,
      ...(tls ? [`TLSCertificateFile ${tls.cert}`, `TLSCertificateKeyFile ${tls.key}`] : []),
      'database mdb',
      'maxsize 268435456',
      `suffix "${SUFFIX}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PW}`,
      `directory ${path.join(dir, 'db')}`,
      'index objectClass eq',
      'index cn,displayName,o,uid eq,sub',
      `limits dn.exact="${LIMITED_DN}" size.soft=${LIMITED_TOTAL} size.hard=${LIMITED_TOTAL} size.prtotal=${LIMITED_TOTAL}`,
      'access to attrs=userPassword by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n');
    const confFile = path.join(dir, 'slapd.conf');
    fs.writeFileSync(confFile, conf);
    fs.writeFileSync(path.join(dir, 'data.ldif'), buildLdif(people));
    const add = spawnSync(SLAPADD, ['-q', '-f', confFile, '-l', path.join(dir, 'data.ldif')], { encoding: 'utf8' });
    if (add.status !== 0) throw new Error(`slapadd failed: ${add.stderr}`);

    const port = await freePort();
    const tlsPort = tls ? await freePort() : null;
    const urls = [`ldap://127.0.0.1:${port}/`, ...(tlsPort ? [`ldaps://127.0.0.1:${tlsPort}/`] : [])];
    const output: string[] = [];
    // -d keeps slapd in the foreground, so this process owns it and can stop it.
    child = spawn(SLAPD, ['-f', confFile, '-h', urls.join(' '), '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    await waitForPort(port, child, output);
    if (tlsPort) await waitForPort(tlsPort, child, output);
    const running = child;
    return {
      url: `ldap://127.0.0.1:${port}`,
      ldapsUrl: tlsPort ? `ldaps://127.0.0.1:${tlsPort}` : null,
      certPem: tls ? fs.readFileSync(tls.cert, 'utf8') : null,
      dir,
      people,
      async stop() {
        await stopChild(running);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    if (child) await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(late);
}
