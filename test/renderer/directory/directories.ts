import type { DirectoryView } from '@shared/directory/types';

/** A configured company directory as main lists it (its server named after its id). */
export const directoryView = (id: string, name: string): DirectoryView => ({
  id,
  name,
  url: `ldaps://${id}.example.com`,
  startTls: false,
  allowPlain: false,
  bindDn: 'cn=reader',
  baseDn: 'dc=example,dc=com',
  filter: '(facsimileTelephoneNumber=*)',
  attributes: { name: ['cn'], company: ['o'], fax: ['facsimileTelephoneNumber'], extraFax: [] },
  hasPassword: true,
});
