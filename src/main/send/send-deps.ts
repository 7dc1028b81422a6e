/**
 * What the send service needs from the rest of main (wired in send-feature.ts and services.ts).
 */
import type { Task } from '../../shared/api/schemas';
import type { SendResult } from '../../shared/send/types';
import type { ErrorData } from '../../shared/error-data';
import type { FaxApiClient } from '../api/client';
import type { Logger } from '../log';
import type { CreateTasksHistory } from './create-tasks';
import type { RepeatLookup } from './repeat-window';

/**
 * What the send needs from the local history (src/main/history), kept narrow
 * so either side can change: the whole send is recorded before the first
 * create (the intent), then each task's outcome.
 */
export interface SendHistoryPort extends CreateTasksHistory, RepeatLookup {
  /** a task-query answer (full recipient records, with unit prices) */
  applyTaskResponse(task: Task): void;
  /** yuan per page of the most recent recipient record seen, or null */
  lastUnitPrice(): number | null;
}

export interface SendServiceDeps {
  dataDir: string;
  /** the client and the profile (demo or account) it belongs to */
  session: () => Promise<{ client: FaxApiClient; profile: string }>;
  history: SendHistoryPort;
  /** a task was created: the account is read again so the balance follows the charge */
  onCreated?: () => void;
  serviceTimeZone: () => string;
  emitProgress: (p: { uploadId: string; sent: number; total: number }) => void;
  log: Logger;
  now?: () => number;
  /** the contract price per page from Settings, used until the service reveals one */
  contractUnitPrice?: () => number | null;
  /**
   * The office-wide repeat guard (src/main/office): throws 'send.repeat' when another desk sent this fax
   * within the window, unless confirmed; resolves at once when there is no office database. It may
   * return how to take its claim back, called when nothing of the send reached the service (refused
   * before or at create), so other desks are not told of a fax that was never sent.
   */
  officeGuard?: (profile: string, fingerprint: string, name: string, confirmed: boolean) => Promise<(() => Promise<void>) | void>;
  /**
   * The names the numbers have now (the phonebook's, as the check table shows them), stored with the
   * task when it is created so that a contact renamed later does not rewrite what was sent to whom.
   */
  contactNames?: (numbers: readonly string[]) => ReadonlyMap<string, string>;
  /**
   * The send's outcome files its documents (the hot folder's into sent/ or failed/: intake, wired in
   * services.ts); a move that failed comes back as error data for the result.
   */
  fileDocuments?: (paths: readonly string[], result: SendResult) => ErrorData | null;
}
