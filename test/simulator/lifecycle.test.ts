import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/simulator/index';
import { formatServiceTime, parseServiceTime } from '../../src/simulator/time';
import { call, createTask, uploadPdf, waitFor, wallClock } from './helpers';
import { until } from '../helpers/until';

const count = (kind: string): number => process.getActiveResourcesInfo().filter((r) => r === kind).length;

describe('start and stop', () => {
  it('starts in under 200 ms and closes its listener and every held connection on stop', async () => {
    // best of three, so a loaded test machine does not decide the result
    const times: number[] = [];
    const baseline = count('TCPServerWrap');
    for (let i = 0; i < 2; i++) {
      const t = performance.now();
      await (await startSimulator()).stop();
      times.push(performance.now() - t);
    }
    // libuv releases the closed listeners on a later turn (not the simulator): none of them is left
    const servers = await until('the stopped listeners to be released', () => {
      const n = count('TCPServerWrap');
      return n === baseline ? { n } : null;
    }, 5_000).then((r) => r.n);
    const t0 = performance.now();
    const s = await startSimulator({ speed: 1, webhookUrl: 'http://127.0.0.1:1/hook', faults: { latencyMs: 0 } });
    times.push(performance.now() - t0);
    expect(Math.min(...times)).toBeLessThan(200);
    expect(count('TCPServerWrap')).toBe(servers + 1);
    await createTask(s, [await uploadPdf(s)], ['8613800000001']); // arms state-machine timers
    s.setFaults({ latencyMs: 60_000 });
    const before = s.counters().requests;
    const held = call(s, 'GET', '/api/v2/account/status').catch(() => 'closed'); // held open by latency
    await waitFor(() => s.counters().requests > before || undefined, 5000, 'the held request to arrive');
    await s.stop();
    expect(await held).toBe('closed');
    // libuv releases a closed handle on its next turn: the count goes back to what it was before the start
    await until('the listener to be released', () => count('TCPServerWrap') === servers, 5_000);
    await s.stop(); // idempotent
  });

  it('refuses bad options', async () => {
    await expect(startSimulator({ speed: 0 })).rejects.toThrow(/speed/);
    await expect(startSimulator({ balance: -1 })).rejects.toThrow(/balance/);
    await expect(startSimulator({ timezone: 'Nowhere/Land' })).rejects.toThrow();
    await expect(startSimulator({ faults: { errorRate: 2 } })).rejects.toThrow(/errorRate/);
  });
});

describe('service time', () => {
  it('round-trips Y-m-d H:i:s in a zone and rejects times that do not exist', () => {
    const now = Date.now();
    for (const zone of ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/Berlin']) {
      const text = formatServiceTime(now, zone);
      expect(text).toBe(wallClock(now, zone));
      expect(parseServiceTime(text, zone)).toBe(Math.floor(now / 1000) * 1000);
    }
    expect(parseServiceTime('2024-01-01 08:00:00', 'Asia/Shanghai')).toBe(Date.UTC(2024, 0, 1, 0, 0, 0));
    expect(parseServiceTime('2024-02-30 08:00:00', 'Asia/Shanghai')).toBeNull();
    expect(parseServiceTime('2024-03-10 02:30:00', 'America/New_York')).toBeNull(); // skipped by DST
    expect(parseServiceTime('2024-1-01 08:00:00', 'UTC')).toBeNull();
  });
});
