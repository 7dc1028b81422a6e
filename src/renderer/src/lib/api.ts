import type { ChannelName, FaxDeskApi, InputOf, ResultOf } from '@shared/ipc/contract';
import type { IpcError } from '@shared/ipc/define';

declare global {
  interface Window {
    faxdesk?: FaxDeskApi;
  }
}

/** An IPC failure, thrown on the renderer side so react-query sees it as an error. */
export class CallError extends Error {
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** the error as main sent it, for a question built from its details (e.g. 'tasks.already_resent') */
  readonly error: IpcError;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'CallError';
    this.code = error.code;
    this.fields = error.fields;
    this.error = error;
  }
}

export function api(): FaxDeskApi {
  const a = window.faxdesk;
  if (!a) throw new Error('FaxDesk bridge missing: open FaxDesk through the app or `npm start`.');
  return a;
}

/** Calls one channel and returns its value, or throws a CallError. */
export async function call<K extends ChannelName>(
  name: K,
  ...input: InputOf<K> extends undefined ? [] : [InputOf<K>]
): Promise<ResultOf<K>> {
  const fn = api()[name] as (i?: unknown) => Promise<{ ok: true; value: ResultOf<K> } | { ok: false; error: IpcError }>;
  const result = await fn(input[0]);
  if (!result.ok) throw new CallError(result.error);
  return result.value;
}
