import { useConnection, usePolicy } from '../features/account';
import { credentialKey, sameCredentialKey } from '@shared/credential-key';

/** A managed desk whose account has no secret yet: the secret is the one thing asked, before any screen. */
export function useAskSecret() {
  const connection = useConnection().data;
  const managedService = usePolicy().data?.service;
  const askSecret =
    !!managedService &&
    connection?.mode === 'account' &&
    !connection.secretSet &&
    sameCredentialKey(credentialKey(connection.baseUrl, connection.apiKey), credentialKey(managedService.baseUrl, managedService.apiKey));
  return { askSecret, managedService };
}
