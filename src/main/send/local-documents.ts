import type { SendRequest } from '../../shared/send/request';
import type { ComposeDocument, DocumentInfo, SendDraft } from '../../shared/send/types';
import type { FileGrants, GrantedInput } from '../files/grants';

/**
 * Main's side of the Send screen's documents: the same data, with the path a
 * handle stands for. Handles are resolved once, at the IPC door; everything
 * behind it (send service, uploads, history) works on paths main recorded.
 */
export type LocalComposeDocument = Omit<ComposeDocument, 'handle'> & {
  path: string | null;
  /**
   * A document of a send: the file the user granted (the path it named then, its device and inode),
   * so the upload's one open is the check (see fileSource). Absent in a draft (re-granted on load).
   */
  granted?: GrantedInput;
};
export type LocalSendFaxInput = Omit<SendRequest, 'documents'> & { documents: LocalComposeDocument[] };
export type LocalDocumentInfo = Omit<DocumentInfo, 'handle'> & { path: string };
/** the draft as main keeps it on disk: paths the user granted, re-granted on load */
export type StoredDraft = Omit<SendDraft, 'documents'> & { documents: LocalComposeDocument[] };

export function toLocalDocument(grants: FileGrants, { handle, ...rest }: ComposeDocument): LocalComposeDocument {
  return { ...rest, path: handle === null ? null : grants.pathOf(handle, 'input') };
}

/** A document of a send: as toLocalDocument, with the file as granted (no look at the disk). */
export function toSendDocument(grants: FileGrants, d: ComposeDocument): LocalComposeDocument {
  const local = toLocalDocument(grants, d);
  return d.handle === null ? local : { ...local, granted: grants.granted(d.handle) };
}

export function toWireDocument(grants: FileGrants, { path, granted: _granted, ...rest }: LocalComposeDocument): ComposeDocument {
  return { ...rest, handle: path === null ? null : grants.grant(path, 'input') };
}

export function toWireInfo(grants: FileGrants, { path, ...rest }: LocalDocumentInfo): DocumentInfo {
  return { ...rest, handle: grants.grant(path, 'input') };
}
