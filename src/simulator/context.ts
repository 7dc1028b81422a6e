/** What every route handler is given: resolved settings, the store and the clock. */
import type { FaultState } from './faults';
import type { Store } from './store';
import type { Timers } from './timers';
import type { TaskRecord } from './types';

export interface Settings {
  apiKey: string;
  apiSecret: string;
  speed: number;
  unitPrice: number;
  timezone: string;
  /** Simulated ms; divide by speed for real ms. */
  fileRefLifetimeMs: number;
  /** test-only: URL uploads may fetch from loopback (see SimulatorOptions) */
  allowLoopbackRemoteUrls: boolean;
  /** developer switch: URL uploads may fetch from loopback and private networks (see SimulatorOptions) */
  allowPrivateRemoteUrls: boolean;
}

export interface SimContext {
  readonly settings: Settings;
  readonly store: Store;
  /** simulated time (the injectable clock) */
  readonly timers: Timers;
  /** real time, whatever the clock: request latency faults */
  readonly realTimers: Timers;
  readonly faults: FaultState;
  /** Aborted when the simulator stops: outbound fetches listen to it. */
  readonly stopSignal: AbortSignal;
  nowMs(): number;
  /** Service-time timestamp of now. */
  stamp(ms?: number): string;
  /** A simulated duration in real ms. */
  scaled(simulatedMs: number): number;
  /** Hands a freshly created task to the state machine. */
  schedule(task: TaskRecord): void;
  /** The task has ended (SimulatorOptions.onTaskEnded); its final state is stored. */
  taskEnded(task: TaskRecord): void;
  log(line: string): void;
}
