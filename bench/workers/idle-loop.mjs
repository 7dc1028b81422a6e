/**
 * The floor under the main event-loop delay figure: a Node process doing nothing but measuring its
 * own event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution, as busy-main.mts does).
 * Run beside the busy scenario, it shows what the machine's load alone costs a process that is
 * ready to run: on a shared 2-core machine the scheduler, not the app, sets this figure.
 * Stops when its stdin closes and prints {"p50","p99","max"} (ms).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const keepAlive = setInterval(() => {}, 1000);
process.stdin.resume();
process.stdin.on('end', () => {
  delay.disable();
  clearInterval(keepAlive);
  console.log(JSON.stringify({ p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 }));
  process.exit(0);
});
