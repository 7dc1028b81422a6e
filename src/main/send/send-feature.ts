import type { PlatformDeps } from '../app-context';
import type { Connection } from '../account/connection';
import type { SettingsStore } from '../settings/settings';
import type { FileGrants } from '../files/grants';
import { sendHandlers, type SendHandlers } from './send-handlers';
import { createSendService, type SendHistoryPort, type SendService } from './send-service';

export interface SendFeature {
  service: SendService;
  handlers: SendHandlers;
}

/** Wires the send service to the platform (composition root helper for services.ts). */
export function createSendFeature(
  deps: Pick<PlatformDeps, 'dataDir' | 'emit' | 'log'>,
  settings: Pick<SettingsStore, 'get'>,
  connection: Pick<Connection, 'client'>,
  history: SendHistoryPort,
  grants: FileGrants,
): SendFeature {
  const service = createSendService({
    dataDir: deps.dataDir,
    client: () => connection.client(),
    history,
    serviceTimeZone: () => settings.get().serviceTimeZone,
    emitProgress: (p) => deps.emit('uploadProgress', p),
    log: deps.log,
  });
  return { service, handlers: sendHandlers(service, deps.dataDir, grants) };
}
