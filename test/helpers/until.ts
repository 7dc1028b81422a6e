import { spawnSync } from 'node:child_process';
/**
 * Waits FOR something: polls `probe` until it returns a truthy value (which it returns) and throws naming
 * `what` after `ms`. A poll ends as soon as the condition holds, so it is not a wait for time to pass;
 * the tests' one poll (it replaced a copy in each office, send and simulator test).
 */
export async function until<T>(what: string, probe: () => T | Promise<T>, ms = 15_000, everyMs = 20): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    // real time: the condition is another process's or the OS's (a socket, a database, a child), no clock of ours
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * `p`'s value if it settles within `ms`, else 'hung' (a read held by a named pipe never settles): a test
 * then fails on 'hung' instead of at its own time limit, and its timer never outlives it.
 */
export async function settledWithin<T>(p: Promise<T>, ms = 5_000): Promise<T | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((r) => (timer = setTimeout(() => r('hung'), ms)));
  try {
    return await Promise.race([p, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a synchronous call that a named pipe could hold for good (it would hang the test runner's own
 * thread, where no time limit can end it): `script` runs in a child Node (TypeScript through tsx, an ES
 * module; it prints its result as one JSON line) and is ended after `ms`. Its result, or 'hung'.
 */
export function syncSettledWithin(script: string, ms = 10_000): unknown {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: ms });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return 'hung';
  if (r.status !== 0) throw new Error(`the child failed (${r.status ?? r.signal}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}
