import { z } from 'zod';
import { channel, event } from '../define';
import { baseUrlSchema, settingsPatchSchema, type Settings } from '../../settings';
import type { AccountView, ConnectionStatus } from '../../account/types';

export type { AccountView, ConnectionStatus } from '../../account/types';


const secretSchema = z.string().min(1, 'Enter the API secret').max(512);
const candidateSchema = z
  .object({
    baseUrl: baseUrlSchema,
    apiKey: z.string().trim().min(1, 'Enter the API key').max(255),
    /** omitted: use the secret already stored */
    secret: secretSchema.optional(),
  })
  .strict();

export const accountChannels = {
  getConnection: channel<ConnectionStatus>()(z.undefined()),
  getSettings: channel<Settings>()(z.undefined()),
  updateSettings: channel<Settings>()(settingsPatchSchema),
  clearSecret: channel<ConnectionStatus>()(z.undefined()),
  testConnection: channel<AccountView>()(candidateSchema),
  connectAccount: channel<AccountView>()(candidateSchema),
  useDemo: channel<ConnectionStatus>()(z.undefined()),
  getAccount: channel<AccountView>()(z.undefined()),
};

export const accountEvents = {
  /** the connection changed (demo ↔ account, secret set or cleared) */
  connectionChanged: event<ConnectionStatus>(),
  /** main read the account again (after a create, or when a tracked task finished): the balance is current */
  accountChanged: event<AccountView>(),
};
