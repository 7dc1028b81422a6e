/**
 * Capped exponential backoff for the poller (spec, Errors: "for network
 * timeouts and 5xx responses use exponential backoff retries"). The client
 * already retries a few times inside one call; this spaces out whole polls
 * once those have failed, so an outage costs a handful of requests, not one
 * per task per interval. The cap is 2 minutes: after an outage the waiting
 * tasks are brought up to date within 2 minutes of the service's return (at
 * most one request per 2 minutes while it stays away).
 */
export const BACKOFF_BASE_MS = 15_000;
export const BACKOFF_CAP_MS = 2 * 60_000;

/** Wait after the `failures`-th consecutive failure (1 = the first), with ±20 % jitter. */
export function backoffMs(failures: number, random: () => number = Math.random, base = BACKOFF_BASE_MS, cap = BACKOFF_CAP_MS): number {
  const n = Math.max(1, Math.floor(failures));
  const raw = Math.min(cap, base * 2 ** Math.min(n - 1, 30));
  const jitter = 0.8 + 0.4 * random();
  return Math.min(cap, Math.round(raw * jitter));
}
