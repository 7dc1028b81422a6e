import type { z } from 'zod';
import type { ErrorData } from '../error-data';

/**
 * One IPC channel: the schema its input must pass in main, and (as a phantom
 * type only) what it resolves to. Results are plain data; errors cross as
 * IpcError, never as class instances.
 */
export interface ChannelDef<I extends z.ZodType, R> {
  readonly input: I;
  /** phantom: never set at runtime */
  readonly result?: R;
}

export function channel<R>() {
  return <I extends z.ZodType>(input: I): ChannelDef<I, R> => ({ input });
}

/**
 * A push event from main to the renderer. Only its payload's type is carried (a phantom field, never
 * set): main is the sender and trusted, so the payload is not validated at run time.
 */
export interface EventDef<P> {
  readonly payload?: P;
}

export function event<P>(): EventDef<P> {
  return {};
}

/** An error as it crosses IPC: plain data (src/shared/error-data.ts). */
export type IpcError = ErrorData;

export type IpcResult<R> = { ok: true; value: R } | { ok: false; error: IpcError };
