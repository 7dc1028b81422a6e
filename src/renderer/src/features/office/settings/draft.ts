import { DEFAULT_POSTGRES_PORT, type OfficeFields, type OfficeInput, type OfficeView } from '@shared/office/types';

/** The CA file: the one saved, none, or one just chosen in main's file dialog (by handle). */
export type CaChoice = 'keep' | 'none' | { handle: string; name: string };

/** The office form as typed. */
export interface Draft extends Omit<OfficeFields, 'port'> {
  port: string;
  password: string;
  ca: CaChoice;
}

export function draftOf(view: OfficeView | undefined): Draft {
  const f = view?.configured;
  return {
    host: f?.host ?? '',
    port: String(f?.port ?? DEFAULT_POSTGRES_PORT),
    database: f?.database ?? 'faxdesk',
    user: f?.user ?? '',
    tls: f?.tls ?? true,
    allowPlain: f?.allowPlain ?? false,
    displayName: f?.displayName ?? '',
    password: '',
    ca: 'keep',
  };
}

export function toInput(d: Draft): OfficeInput {
  return {
    fields: { host: d.host, port: Number(d.port) || 0, database: d.database, user: d.user, tls: d.tls, allowPlain: d.allowPlain, displayName: d.displayName },
    password: d.password,
    caFile: typeof d.ca === 'object' ? { handle: d.ca.handle } : d.ca,
  };
}
