/**
 * The Failures rule, once for this desk's history and for the office's: a number counts once, by its
 * latest failed attempt (the attempts before it are its history, oldest first), and a number a resend
 * has since reached is no longer a failure (a resend under way leaves it listed, with the resend).
 */
export interface UnreachedGroup<T> {
  latest: T;
  /** earlier failed attempts at the same number, oldest first */
  earlier: T[];
}

/**
 * `attempts`: failed attempts, newest first; `numberOf` says which attempts are the same number;
 * `reached`: a resend of this attempt reached the number. At most `limit` numbers, newest first.
 */
export function unreachedNumbers<T>(
  attempts: readonly T[],
  numberOf: (a: T) => string,
  reached: (a: T) => boolean,
  limit?: number,
): UnreachedGroup<T>[] {
  const byNumber = new Map<string, UnreachedGroup<T>>();
  for (const a of attempts) {
    const key = numberOf(a);
    const seen = byNumber.get(key);
    if (seen) seen.earlier.unshift(a);
    else byNumber.set(key, { latest: a, earlier: [] });
  }
  const out: UnreachedGroup<T>[] = [];
  for (const g of byNumber.values()) {
    if (reached(g.latest)) continue;
    out.push(g);
    if (limit !== undefined && out.length >= limit) break;
  }
  return out;
}
