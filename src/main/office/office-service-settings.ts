/**
 * The office service's settings: what applies (a locked policy, the user's own, or the policy's default),
 * the CA that goes with it, the connection a "Test" or a save dials, and storing or forgetting them.
 */
import fs from 'node:fs';
import { officeFieldsSchema, type OfficeFields, type OfficeInput } from '../../shared/office/types';
import { UserError } from '../errors';
import { writeFileAtomic } from '../storage/atomic-write';
import { writeJsonFile } from '../storage/json-file';
import { readGrantedCa } from './office-ca';
import type { OfficeTarget } from './office-connection';
import type { OfficeState, Stored } from './office-service-state';
import { protectionOf } from './protection';

const CONNECTION_FIELDS = ['host', 'port', 'database', 'user', 'tls', 'allowPlain'] as const;
/** failures that say nothing answered in PostgreSQL there (the rest are the server's own answers) */
const NOT_POSTGRES_ANSWERS = new Set(['office.unreachable', 'office.not_postgres', 'office.no_answer']);

function policyFields(state: OfficeState, displayName: string): OfficeFields | null {
  if (!state.policy) return null;
  const { host, port, database, user, tls, allowPlain } = state.policy.value;
  return officeFieldsSchema.parse({ host, port, database, user, tls, allowPlain, displayName });
}

/** what applies: locked policy fields (the user's display name kept), the user's own, or the policy's default */
export function effective(state: OfficeState): Stored | null {
  const { policy, policyCa, stored } = state;
  if (policy?.locked) return { fields: policyFields(state, stored?.fields.displayName ?? '')!, caFileName: policyCa?.name ?? null };
  if (stored) return stored;
  return policy ? { fields: policyFields(state, '')!, caFileName: policyCa?.name ?? null } : null;
}

/** whether the policy's CA applies (rather than the copy the user chose) */
export const fromPolicy = (state: OfficeState): boolean => Boolean(state.policy && (state.policy.locked || !state.stored));

export function storedCa(state: OfficeState): string[] | undefined {
  const extra = state.deps.extraCa ?? [];
  if (fromPolicy(state)) return state.policyCa ? [...extra, state.policyCa.pem] : extra.length ? extra : undefined;
  try {
    return [...extra, fs.readFileSync(state.caFile, 'utf8')];
  } catch {
    return extra.length ? extra : undefined;
  }
}

export const displayNameOf = (state: OfficeState, fields: OfficeFields): string => fields.displayName || state.fallbackName;

/** a locked policy: the connection fields are the policy's; anything else typed is refused with settings.locked */
export function lockedCheck(state: OfficeState, fields: OfficeFields, input: OfficeInput): OfficeFields {
  if (!state.policy?.locked) return fields;
  const wanted = policyFields(state, fields.displayName)!;
  const changedField = CONNECTION_FIELDS.find((k) => fields[k] !== wanted[k]) ?? (typeof input.caFile === 'object' ? 'caFile' : undefined);
  if (changedField) {
    const message = 'Your administrator set the office database connection for this computer, so it cannot be changed here; nothing was saved. Ask your IT department to change it.';
    throw new UserError('settings.locked', message, { [changedField]: [message] });
  }
  return wanted;
}

export async function targetFor(state: OfficeState, input: OfficeInput): Promise<{ target: OfficeTarget; ca: string[] | undefined }> {
  const fields = lockedCheck(state, officeFieldsSchema.parse(input.fields), input);
  const protection = protectionOf(fields);
  const password = input.password || (await state.deps.passwords.get(fields, protection));
  const extra = state.deps.extraCa ?? [];
  const ca =
    typeof input.caFile === 'object'
      ? [...extra, (await readGrantedCa(state.deps.grants, input.caFile.handle)).pem]
      : input.caFile === 'keep' || state.policy?.locked
        ? storedCa(state)
        : extra.length
          ? extra
          : undefined;
  return { target: { ...fields, password }, ca };
}

export const serverKey = (f: Pick<OfficeFields, 'host' | 'port'>): string => `${f.host.toLowerCase()}:${f.port}`;

/** Runs a dial of `target`, counted as a probe until that server has answered in PostgreSQL. */
export async function dialing<T>(state: OfficeState, target: Pick<OfficeFields, 'host' | 'port'>, dial: () => Promise<T>): Promise<T> {
  const key = serverKey(target);
  if (!state.spokePostgres.has(key)) state.probes.admit();
  try {
    const result = await dial();
    state.spokePostgres.add(key);
    return result;
  } catch (e) {
    if (e instanceof UserError && !NOT_POSTGRES_ANSWERS.has(e.code)) state.spokePostgres.add(key);
    throw e;
  }
}

/** the CA file name to store with the settings, after taking (or dropping) the user's copy of the CA */
async function storeCa(state: OfficeState, input: OfficeInput): Promise<string | null> {
  const { policy, policyCa, caFile } = state;
  if (policy?.locked) {
    // the CA is the policy's: the user's own copy is neither taken nor touched
  } else if (typeof input.caFile === 'object') {
    const ca = await readGrantedCa(state.deps.grants, input.caFile.handle);
    // a copy: the trust stays when the chosen file is moved or deleted
    writeFileAtomic(caFile, ca.pem);
    return ca.name;
  } else if (input.caFile === 'keep' && fromPolicy(state) && policyCa) {
    // the policy's default CA, kept as the user's own copy once they save their own settings
    writeFileAtomic(caFile, policyCa.pem);
    return policyCa.name;
  } else if (input.caFile === 'none') {
    fs.rmSync(caFile, { force: true });
    return null;
  }
  return state.stored?.caFileName ?? null;
}

/** stores the settings, the CA and a typed password (the caller connects) */
export async function saveSettings(state: OfficeState, input: OfficeInput): Promise<void> {
  const fields = lockedCheck(state, officeFieldsSchema.parse(input.fields), input);
  // saving connects at once: a new server is dialled like a test
  if ((!state.stored || serverKey(state.stored.fields) !== serverKey(fields)) && !state.spokePostgres.has(serverKey(fields))) state.probes.admit();
  const protection = protectionOf(fields);
  const caFileName = await storeCa(state, input);
  if (input.password) await state.deps.passwords.set(fields, protection, input.password);
  state.stored = { fields, caFileName };
  writeJsonFile(state.file, state.stored, { indent: 2 });
}

/** forgets the settings, their password and the CA copy (the caller has stopped the mirror) */
export async function removeSettings(state: OfficeState): Promise<void> {
  if (state.stored) await state.deps.passwords.clear(state.stored.fields).catch((e: unknown) => state.deps.log.warn('office outbox: password not removed', e));
  state.stored = null;
  fs.rmSync(state.file, { force: true });
  fs.rmSync(state.caFile, { force: true });
}
