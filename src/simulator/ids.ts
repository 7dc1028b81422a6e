import { randomBytes } from 'node:crypto';

export function newId(prefix: 'file' | 'task' | 'rcpt'): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

/** Money is kept in fen (0.01 yuan) so the balance never drifts. */
export function chargeFen(unitPrice: number, pages: number): number {
  return Math.round(unitPrice * pages * 100 + 1e-9);
}

export const fenToYuan = (fen: number): number => Math.round(fen) / 100;
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100 + (yuan >= 0 ? 1e-9 : -1e-9));
