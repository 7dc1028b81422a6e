/**
 * Settings → Office outbox, and the desk's link to the office database: the
 * connection settings (office.json, the CA certificate copied beside it as
 * office-ca.pem), the password in the keychain bound to server, user and
 * protection (office-passwords.ts), "Test", and the mirror that writes this
 * desk's tasks (office-mirror.ts) while an office database is configured.
 *
 * The parts share one OfficeState (office-service-state.ts): the settings and
 * the dialling (office-service-settings.ts), the reads of the office's shared
 * view and the office-wide guards (office-service-reads.ts).
 */
import type { OfficeStatus, OfficeView } from '../../shared/office/types';
import type { History } from '../history/history';
import { openOffice, testOfficeConnection } from './office-connection';
import { createOfficeMirror, markingHistory, queueSendDocuments } from './office-mirror';
import { faxForResend, failures, guardResend, guardSend, listTasks, resendsOf, spending } from './office-service-reads';
import { dialing, displayNameOf, effective, removeSettings, saveSettings, storedCa, targetFor } from './office-service-settings';
import { createOfficeState, type OfficeService, type OfficeServiceDeps, type OfficeState } from './office-service-state';
import { createPollLease, type TaskLease } from './poll-lease';
import { protectionOf } from './protection';

export { OFFICE_PROBES_PER_MINUTE, type OfficeService, type OfficeServiceDeps } from './office-service-state';

const OFF: OfficeStatus = { state: 'off', offlineSinceMs: null, pending: 0, error: null };

async function view(state: OfficeState): Promise<OfficeView> {
  let hasPassword = false;
  const current = effective(state);
  if (current) {
    try {
      hasPassword = (await state.deps.passwords.get(current.fields, protectionOf(current.fields))) !== null;
    } catch {
      hasPassword = false;
    }
  }
  const { policy, mirror } = state;
  return {
    configured: current?.fields ?? null,
    hasPassword,
    caFileName: current?.caFileName ?? null,
    managed: policy ? (policy.locked ? 'locked' : 'default') : null,
    status: mirror ? mirror.status() : { ...OFF, pending: state.queue.pendingCount() },
    computerName: state.computer,
    defaultDisplayName: state.fallbackName,
  };
}

const changed = (state: OfficeState) => void view(state).then(state.deps.onChange, (e: unknown) => state.deps.log.warn('office outbox: status not sent', e));

async function startMirror(state: OfficeState): Promise<void> {
  await state.mirror?.stop();
  state.mirror = null;
  const config = effective(state);
  if (!config) return;
  const { deps, computer } = state;
  const mirror = createOfficeMirror({
    queue: state.queue,
    history: deps.history,
    desk: () => ({ displayName: displayNameOf(state, config.fields), computerName: computer }),
    server: config.fields,
    connect: async () => {
      const password = await deps.passwords.get(config.fields, protectionOf(config.fields));
      return openOffice({ ...config.fields, password }, { extraCa: storedCa(state), appliedBy: computer, onPoolError: (e) => {
          deps.log.warn(`office outbox: ${e.message}`);
          state.mirror?.connectionLost(e);
        },
      });
    },
    log: deps.log,
    onStatus: () => changed(state),
    ...(deps.onTasksChanged ? { onOfficeTasksChanged: deps.onTasksChanged } : {}),
    ...(deps.retryMs ? { retryMs: deps.retryMs } : {}),
  });
  state.mirror = mirror;
  void mirror.flush();
}

/**
 * While no office database is configured nothing is marked: there is nowhere to replay to. While one
 * is but its mirror is still starting (at start-up, when the history recovers interrupted sends, or
 * between two connections), the marks go to the queue, which the mirror drains when it starts.
 */
function wrapHistory(state: OfficeState, history: History): History {
  return markingHistory(history, {
    touched: (ids) => {
      if (state.mirror) state.mirror.hooks.touched(ids);
      else if (effective(state) && ids.length) state.queue.mark(ids);
    },
    sendRecorded: (sendId, intent) => {
      if (state.mirror) state.mirror.hooks.sendRecorded(sendId, intent);
      else if (effective(state)) queueSendDocuments(state.queue, sendId, intent);
    },
  });
}

/** one lease keeper per pool: a new pool (reconnect) gets a new one */
function leaseKeeper(state: OfficeState): () => TaskLease | null {
  let lease: { pool: object; keeper: TaskLease } | null = null;
  return () => {
    const pool = state.mirror?.pool();
    if (!pool || state.mirror?.status().state !== 'online') return null;
    if (lease?.pool !== pool) lease = { pool, keeper: createPollLease(pool, state.queue.deskId) };
    return lease.keeper;
  };
}

export function createOfficeService(deps: OfficeServiceDeps): OfficeService {
  const state = createOfficeState(deps);
  void startMirror(state);
  const taskLease = leaseKeeper(state);
  return {
    view: () => view(state),
    async test(input) {
      const { target, ca } = await targetFor(state, input);
      return dialing(state, target, () => testOfficeConnection(target, { extraCa: ca }));
    },
    async save(input) {
      await saveSettings(state, input);
      await startMirror(state);
      changed(state);
      return view(state);
    },
    async remove() {
      await state.mirror?.stop();
      state.mirror = null;
      await removeSettings(state);
      changed(state);
      return view(state);
    },
    listTasks: (page) => listTasks(state, page),
    spending: () => spending(state),
    failures: (days) => failures(state, days),
    resendsOf: (taskRef) => resendsOf(state, taskRef),
    faxForResend: (taskRef) => faxForResend(state, taskRef),
    claimResend: (taskRef, phoneNumbers, name, confirmed) => guardResend(state, taskRef, phoneNumbers, name, confirmed),
    guardSend: (profile, fingerprint, name, confirmed) => guardSend(state, profile, fingerprint, name, confirmed),
    wrapHistory: (history) => wrapHistory(state, history),
    taskLease,
    async close() {
      // closing: this desk's tasks go to another running desk at its next round, not 2 minutes later
      await taskLease()
        ?.release()
        .catch((e: unknown) => deps.log.warn('office outbox: poll leases not released (they expire in 2 minutes)', e));
      await state.mirror?.stop();
      state.mirror = null;
      state.queue.close();
    },
  };
}
