import type { z } from 'zod';
import { contract, type ChannelName, type ParsedInputOf, type ResultOf } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/define';
import { toIpcError } from './to-ipc-error';
import type { Logger } from '../log';

export type Handlers = {
  [K in ChannelName]: (input: ParsedInputOf<K>) => Promise<ResultOf<K>> | ResultOf<K>;
};

function fieldsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '(input)';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Validates the raw input of one call against the contract, runs its handler
 * and returns plain data. A bad payload never reaches the handler; a thrown
 * error never crosses as a class instance.
 */
export async function dispatch(
  handlers: Partial<Handlers>,
  name: string,
  rawInput: unknown,
  log?: Logger,
): Promise<IpcResult<unknown>> {
  if (!Object.hasOwn(contract, name)) {
    return { ok: false, error: { code: 'ipc.unknown_channel', message: `Unknown request "${String(name).slice(0, 64)}".` } };
  }
  const key = name as ChannelName;
  const parsed = contract[key].input.safeParse(rawInput);
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'ipc.invalid_input', message: `The request "${key}" was malformed.`, fields: fieldsOf(parsed.error) },
    };
  }
  const handler = handlers[key] as ((input: unknown) => unknown) | undefined;
  // a map without this channel (a test's feature map): as unknown as a channel the contract lacks
  if (!handler) return { ok: false, error: { code: 'ipc.unknown_channel', message: `Unknown request "${key}".` } };
  try {
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (e) {
    const error = toIpcError(e);
    if (error.code === 'internal') log?.error(`ipc ${key} failed`, e);
    return { ok: false, error };
  }
}
