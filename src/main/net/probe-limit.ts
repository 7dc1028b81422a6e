/**
 * A per-minute budget for "test" actions that dial a host the window names
 * (the fax service's test connection, a directory test): a person checking
 * their settings needs a handful, a compromised window mapping the office
 * network needs hundreds. The caller decides what counts as a probe (a
 * server that already answered in its own protocol is not probed again).
 */
export interface ProbeLimit {
  /** records a probe now, or throws the caller's error with the seconds to wait */
  admit(): void;
  /** probes refused since this limit was made (the reliability figures read it) */
  readonly refused: number;
}

export interface ProbeLimitOptions {
  perMinute: number;
  now?: () => number;
  refuse: (waitSeconds: number) => Error;
}

export function createProbeLimit(options: ProbeLimitOptions): ProbeLimit {
  const now = options.now ?? Date.now;
  const recent: number[] = [];
  let refused = 0;
  return {
    admit() {
      const t = now();
      while (recent.length > 0 && recent[0]! <= t - 60_000) recent.shift();
      if (recent.length >= options.perMinute) {
        refused += 1;
        throw options.refuse(Math.max(1, Math.ceil((recent[0]! + 60_000 - t) / 1000)));
      }
      recent.push(t);
    },
    get refused() {
      return refused;
    },
  };
}
