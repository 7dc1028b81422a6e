/**
 * Fault injection switches. The error rate is applied deterministically: an
 * accumulator adds `errorRate` per request and a request fails each time it
 * crosses 1, so a rate of 0.25 fails exactly every 4th request.
 */
import type { CreateFault, SimulatorFaults } from './types';

export const NO_FAULTS: SimulatorFaults = {
  latencyMs: 0,
  errorRate: 0,
  rateLimit: null,
  create: 'none',
  createFaultCount: Infinity,
};

export class FaultState {
  private f: SimulatorFaults = { ...NO_FAULTS };
  private errorAcc = 0;
  private rateCounter = 0;

  constructor(initial?: Partial<SimulatorFaults>) {
    if (initial) this.set(initial);
  }

  get current(): Readonly<SimulatorFaults> {
    return this.f;
  }

  /** Setting `create` without `createFaultCount` re-arms it for every create. */
  set(p: Partial<SimulatorFaults>): void {
    const next = { ...this.f, ...p };
    if (p.create !== undefined && p.createFaultCount === undefined) next.createFaultCount = Infinity;
    if (!(next.errorRate >= 0 && next.errorRate <= 1)) throw new RangeError('errorRate must be between 0 and 1');
    if (!(next.latencyMs >= 0)) throw new RangeError('latencyMs must be >= 0');
    if (next.rateLimit && !(next.rateLimit.every >= 1 && next.rateLimit.retryAfterSeconds >= 0)) {
      throw new RangeError('rateLimit.every must be >= 1 and retryAfterSeconds >= 0');
    }
    if (!(next.createFaultCount >= 0)) throw new RangeError('createFaultCount must be >= 0');
    if (p.errorRate !== undefined) this.errorAcc = 0;
    if (p.rateLimit !== undefined) this.rateCounter = 0;
    this.f = next;
  }

  /** Called once per request: should it be answered 500 before anything else? */
  takeError(): boolean {
    if (this.f.errorRate <= 0) return false;
    this.errorAcc += this.f.errorRate;
    if (this.errorAcc >= 1 - 1e-9) {
      this.errorAcc -= 1;
      return true;
    }
    return false;
  }

  /** Called once per request: Retry-After seconds when this one is rate-limited. */
  takeRateLimit(): number | null {
    const rl = this.f.rateLimit;
    if (!rl) return null;
    this.rateCounter++;
    return this.rateCounter % rl.every === 0 ? rl.retryAfterSeconds : null;
  }

  /** Called once per create request: the fault to apply to it, consuming one count. */
  takeCreateFault(): CreateFault {
    if (this.f.create === 'none' || this.f.createFaultCount <= 0) return 'none';
    this.f = { ...this.f, createFaultCount: this.f.createFaultCount - 1 };
    return this.f.create;
  }
}
