import fs from 'node:fs';
import path from 'node:path';

/** The directory a managed office's policy names (docs/deploy.md shows the same). */
export const headOfficeDirectory = {
  name: 'Head office',
  url: 'ldaps://dc1.example.com',
  startTls: false,
  allowPlain: false,
  bindDn: 'cn=fax-reader,ou=service,dc=example,dc=com',
  baseDn: 'ou=people,dc=example,dc=com',
  filter: '(facsimileTelephoneNumber=*)',
  attributes: { name: ['displayName'], company: ['o'], fax: ['facsimileTelephoneNumber'], extraFax: [] },
};

/** A policy using every key (docs/deploy.md shows the same). */
export const fullPolicy = {
  $schema: 'https://faxdesk.example/policy.schema.json',
  service: { value: { baseUrl: 'https://fax.example.com', apiKey: 'AK-office-1' }, locked: true },
  directories: { value: [headOfficeDirectory] },
  officeOutbox: { value: { host: 'db.example.com', port: 5432, database: 'faxdesk', user: 'faxdesk_desk', tls: true, caFile: '/etc/faxdesk/office-ca.pem' }, locked: true },
  review: { value: { always: false, recipientsAbove: 5, costAbove: 10 }, locked: true },
  contractUnitPrice: { value: 0.12, locked: true },
  autoRetry: { value: { enabled: true, attempts: 2, delayMinutes: 15 } },
  hotFolder: { value: { enabled: true, path: '~/FaxDesk/Outbox' } },
  defaultCountry: { value: 'CN' },
  language: { value: 'zh-CN' },
  serviceTimeZone: { value: 'Asia/Shanghai', locked: true },
  notifications: { value: { onDone: false, onFailed: true } },
  tray: { value: true },
  lowBalanceThreshold: { value: 50 },
};

/** Writes a policy file as IT would (root-owned where the test runs as root, mode 0644) and returns its path. */
export function writePolicy(dir: string, policy: unknown, mode = 0o644): string {
  const file = path.join(dir, 'policy.json');
  fs.writeFileSync(file, typeof policy === 'string' ? policy : JSON.stringify(policy, null, 2));
  fs.chmodSync(file, mode);
  return file;
}
