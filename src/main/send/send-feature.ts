import type { PlatformDeps } from '../app-context';
import type { Connection } from '../account/connection';
import type { SettingsStore } from '../settings/settings';
import { createSendService, type SendHistoryPort, type SendService, type SendServiceDeps } from './send-service';

/** Wires the send service to the platform (composition root helper for services.ts). */
export function createSendFeature(
  deps: Pick<PlatformDeps, 'dataDir' | 'emit' | 'log'>,
  settings: Pick<SettingsStore, 'get'>,
  connection: Pick<Connection, 'session'> & Partial<Pick<Connection, 'refreshAccount'>>,
  history: SendHistoryPort,
  officeGuard?: SendServiceDeps['officeGuard'],
  contactNames?: SendServiceDeps['contactNames'],
  fileDocuments?: SendServiceDeps['fileDocuments'],
): SendService {
  return createSendService({
    dataDir: deps.dataDir,
    session: () => connection.session(),
    onCreated: () => void connection.refreshAccount?.(),
    history,
    serviceTimeZone: () => settings.get().serviceTimeZone,
    contractUnitPrice: () => settings.get().contractUnitPrice,
    emitProgress: (p) => deps.emit('uploadProgress', p),
    log: deps.log,
    ...(officeGuard ? { officeGuard } : {}),
    ...(contactNames ? { contactNames } : {}),
    ...(fileDocuments ? { fileDocuments } : {}),
  });
}
