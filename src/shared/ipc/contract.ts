/**
 * A new channel in five steps (docs/architecture.md, "Adding a channel"):
 *   1. channel file — src/shared/ipc/channels/<feature>.ts: the zod input schema and the result type
 *      (`channel<Result>()(schema)`); domain types and constants live in src/shared/<domain>/, not here.
 *   2. service method — src/main/<feature>/: the work, in domain words and plain error data (UserError).
 *   3. handler — src/main/ipc/handlers/<feature>.ts: one line resolving handles and calling the method.
 *   4. hook — src/renderer/src/features/<feature>/: `call('<channel>', input)` in a query or mutation.
 *   5. the error's words — a new code in src/shared/errors/error-codes.ts and its sentence in both
 *      catalogues (src/renderer/src/i18n/locales/{en,zh-CN}/errors.ts); a question also gets its details
 *      reader (src/shared/errors/error-details.ts) and a step in src/renderer/src/lib/error-follow-ups.ts.
 */
import type { z } from 'zod';
import type { ChannelDef, EventDef, IpcResult } from './define';
import { appChannels, appEvents } from './channels/app';
import { accountChannels, accountEvents } from './channels/account';
import { intakeChannels, intakeEvents } from './channels/intake';
import { sendChannels, sendEvents } from './channels/send';
import { phonebookChannels } from './channels/phonebook';
import { directoryChannels } from './channels/directory';
import { tasksChannels, tasksEvents } from './channels/tasks';
import { filesChannels, type GrantedFile } from './channels/files';
import { previewChannels } from './channels/preview';
import { officeChannels, officeEvents } from './channels/office';

/**
 * The one IPC contract. Each feature adds its channels in
 * src/shared/ipc/channels/<feature>.ts and spreads them here.
 * Main validates every input against `input`; the preload exposes exactly
 * these names; the renderer gets its types from here.
 */
export const contract = {
  ...appChannels,
  ...accountChannels,
  ...intakeChannels,
  ...sendChannels,
  ...phonebookChannels,
  ...directoryChannels,
  ...tasksChannels,
  ...filesChannels,
  ...previewChannels,
  ...officeChannels,
};

export const events = {
  ...appEvents,
  ...accountEvents,
  ...intakeEvents,
  ...sendEvents,
  ...tasksEvents,
  ...officeEvents,
};

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type EventName = keyof typeof events;

type DefOf<K extends ChannelName> = Contract[K];
export type InputOf<K extends ChannelName> =
  DefOf<K> extends ChannelDef<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<K extends ChannelName> =
  DefOf<K> extends ChannelDef<infer I, unknown> ? z.output<I> : never;
export type ResultOf<K extends ChannelName> =
  DefOf<K> extends ChannelDef<z.ZodType, infer R> ? R : never;
export type PayloadOf<E extends EventName> =
  (typeof events)[E] extends EventDef<infer P> ? P : never;

export const channelNames = Object.keys(contract) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

/** Wire names: a fixed prefix so nothing else on ipcMain can collide. */
export const ipcChannel = (name: ChannelName): string => `faxdesk:${name}`;
export const ipcEvent = (name: EventName): string => `faxdesk-event:${name}`;

/** What the preload exposes (and the preview bridge imitates). */
export type FaxDeskApi = {
  [K in ChannelName]: InputOf<K> extends undefined
    ? () => Promise<IpcResult<ResultOf<K>>>
    : (input: InputOf<K>) => Promise<IpcResult<ResultOf<K>>>;
} & {
  on: <E extends EventName>(name: E, listener: (payload: PayloadOf<E>) => void) => () => void;
  /**
   * Hands a dropped (or file-input) File to main and returns its handle; the
   * path never reaches the page (Electron: the preload reads it with webUtils;
   * preview: the bytes are uploaded to a temp copy).
   */
  grantFile: (file: File) => Promise<IpcResult<GrantedFile>>;
};
