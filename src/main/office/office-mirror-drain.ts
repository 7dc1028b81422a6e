/**
 * One drain of the office mirror: connect when not connected, then write the marked tasks' current
 * state, a batch per transaction, oldest mark first, until the queue is empty or the server is away.
 */
import { fileDigest } from '../files/document-read';
import type { TaskDetail } from '../history/types';
import { describeOfficeFailure } from './office-connection';
import { withOfficeClient } from './checkout';
import { officeRecordOf, upsertOfficeTasks, type Desk, type OfficeTaskRecord } from './office-records';
import type { OfficeDocument } from './outbox-queue';
import { goOffline, listen, setStatus, type MirrorState } from './office-mirror-state';

/** name, pages, size and SHA-256 of a send's documents, hashed once and kept in the queue file */
async function documentsOf(s: MirrorState, detail: TaskDetail): Promise<{ documents: OfficeDocument[]; fingerprint: string | null }> {
  const send = detail.send;
  if (!send) return { documents: [], fingerprint: null };
  const known = s.deps.queue.sendDocuments(send.id);
  if (known && known.documents.every((d) => d.sha256 !== null)) return known;
  const documents: OfficeDocument[] = [];
  for (const [i, f] of send.files.entries()) {
    documents.push({ name: f.name, pages: f.pages, size: f.size, sha256: known?.documents[i]?.sha256 ?? (await fileDigest(f.path)) });
  }
  const fingerprint = known?.fingerprint ?? null;
  s.deps.queue.setSendDocuments(send.id, documents, fingerprint);
  return { documents, fingerprint };
}

/** the office records of the marked tasks */
async function recordsOf(s: MirrorState, desk: Desk, taskIds: readonly number[]): Promise<OfficeTaskRecord[]> {
  const records: OfficeTaskRecord[] = [];
  for (const taskId of taskIds) {
    const detail = s.deps.history.getTaskById(taskId);
    // a demo task, a task only followed by ref, or one gone from the history: nothing for the office
    if (!detail || detail.profile === 'demo' || detail.source !== 'sent') continue;
    const { documents, fingerprint } = await documentsOf(s, detail);
    records.push(officeRecordOf(detail, desk, s.deps.queue.epoch, documents, fingerprint));
  }
  return records;
}

/** connects (and listens) when not connected; false when the server is away */
async function connected(s: MirrorState): Promise<boolean> {
  if (s.office) return true;
  try {
    s.office = await s.deps.connect();
    await listen(s, s.office);
    s.deps.onOfficeTasksChanged?.();
    return true;
  } catch (e) {
    await goOffline(s, e);
    return false;
  }
}

export async function drain(s: MirrorState): Promise<void> {
  const { deps } = s;
  if (!(await connected(s))) return;
  const office = s.office!;
  if (office.mode === 'read-only') {
    // a newer FaxDesk's schema: never a write that could break it; the marks wait for an update
    setStatus(s, { state: 'read-only', offlineSinceMs: null, error: null });
    return;
  }
  const desk: Desk = { deskId: deps.queue.deskId, ...deps.desk() };
  for (;;) {
    const marks = deps.queue.next(s.batchSize);
    if (marks.length === 0) break;
    const records = await recordsOf(s, desk, marks.map((m) => m.taskId));
    try {
      await withOfficeClient(office.pool, (client) => upsertOfficeTasks(client, desk, records));
    } catch (e) {
      await goOffline(s, describeOfficeFailure(e, deps.server));
      return;
    }
    for (const m of marks) deps.queue.done(m.taskId, m.seq);
  }
  s.pause = s.retry.first;
  setStatus(s, { state: 'online', offlineSinceMs: null, error: null });
}
