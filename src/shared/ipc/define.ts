import type { z } from 'zod';

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

export interface IpcError {
  /** stable machine code, e.g. 'validation', 'auth.invalid_credentials' */
  code: string;
  /** a sentence a user can act on */
  message: string;
  /** per-field messages, e.g. { 'phone_numbers.3': ['...'] } */
  fields?: Record<string, string[]>;
  /**
   * Machine-readable context of a specific code, for a UI that asks a question
   * instead of showing the message (e.g. 'send.repeat', 'tasks.already_resent';
   * their shapes and readers live beside their channels). Plain values only.
   */
  details?: Record<string, string | number | boolean | null>;
}

export type IpcResult<R> = { ok: true; value: R } | { ok: false; error: IpcError };
