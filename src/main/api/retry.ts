/**
 * Retry policy: capped exponential backoff with full jitter (each wait is
 * uniform in [0, min(cap, base * 2^n))) so many desks polling one service do
 * not retry in lock-step, and never shorter than the service's Retry-After.
 *
 * Which errors may be retried is decided by the caller: queries retry on
 * transient failures, requests that create something almost never do.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  CancelledError,
  FaxApiError,
  MalformedReplyError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  type Operation,
} from './errors';

export interface RetryPolicy {
  /** total attempts, the first included */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A Retry-After longer than this is not waited out inside one call: the
   * error is returned so the caller (the poller) can schedule it.
   */
  maxRetryAfterMs?: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<Required<RetryPolicy>> = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const defaultSleep: Sleep = async (ms, signal) => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

/** Full-jitter wait before retry number `retry` (1 = the first retry). */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** Transient for a query: the same GET may well succeed a moment later. */
export function isTransient(e: unknown): boolean {
  if (e instanceof NetworkError || e instanceof TimeoutError || e instanceof RateLimitedError || e instanceof ServerError) {
    return true;
  }
  // An HTML 502/503 page from a proxy in front of the service is a server fault too.
  return e instanceof MalformedReplyError && e.status !== null && e.status >= 500;
}

/**
 * A request that creates something is repeated only when it certainly never
 * left this computer: the connection was refused. Once, because a refused
 * connection that stays refused is an outage, not a blip.
 */
export function isSafeToRepeatCreate(e: unknown, attempt: number): boolean {
  return attempt === 1 && e instanceof NetworkError && !e.mayHaveReachedServer && e.causeCode === 'ECONNREFUSED';
}

export interface RetryOptions {
  policy: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  operation: Operation;
  shouldRetry: (e: unknown, attempt: number) => boolean;
  signal?: AbortSignal;
  /** no retry starts after this moment (ms since epoch): the call's time limit covers every attempt */
  deadlineAt?: number;
  onRetry?: (e: FaxApiError, attempt: number, waitMs: number) => void;
}

export async function withRetry<T>(run: (attempt: number) => Promise<T>, o: RetryOptions): Promise<T> {
  const maxRetryAfter = o.policy.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (e) {
      if (!(e instanceof FaxApiError) || attempt >= o.policy.maxAttempts || !o.shouldRetry(e, attempt)) throw e;
      const retryAfter = e instanceof RateLimitedError ? e.retryAfterMs : null;
      if (retryAfter !== null && retryAfter > maxRetryAfter) throw e;
      const wait = Math.max(retryAfter ?? 0, backoffDelayMs(attempt, o.policy, o.random));
      if (o.deadlineAt !== undefined && Date.now() + wait >= o.deadlineAt) throw e;
      o.onRetry?.(e, attempt, wait);
      try {
        await o.sleep(wait, o.signal);
      } catch {
        throw new CancelledError(o.operation);
      }
      if (o.signal?.aborted) throw new CancelledError(o.operation);
    }
  }
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
