/**
 * `npm run sim -- [flags]`: runs the simulator until SIGINT/SIGTERM.
 * Bad flags print a clear message and exit with code 2.
 */
import { parseArgs, type SimulatorArgs } from './cli-args';
import { startSimulator } from './index';

const USAGE = `Usage: npm run sim -- [options]
  --port N                 listen port (0 = any free port; default 4010)
  --host HOST              listen address (default 127.0.0.1)
  --api-key K              X-API-Key accepted (default demo-key)
  --api-secret S           X-API-Secret accepted, also signs webhooks (default demo-secret)
  --speed X                divide every simulated duration by X (default 1)
  --balance YUAN           starting balance (default 500)
  --unit-price YUAN        price per page (default 0.3)
  --webhook-url URL        the account's webhook_url (default none)
  --timezone ZONE          service time zone (default Asia/Shanghai)
  --state FILE             keep state in FILE across restarts (default in memory)
  --file-ref-lifetime S    simulated file_ref lifetime in seconds (default 86400)
  --account-name NAME      account name (default FaxDesk Demo)
  --latency MS             add MS real milliseconds to every request
  --error-rate R           answer this fraction (0..1) of requests with 500
  --rate-limit-every N     answer every Nth request with 429
  --retry-after S          Retry-After seconds of those 429s (default 1)
  --create-fault MODE      none | commit-then-drop | reset-mid-response | timeout |
                           500-after-commit | 429-before-commit
  --create-fault-count N   apply the create fault to the next N creates only
  --allow-private-urls     URL uploads may also fetch from this machine and private
                           networks (a developer's own file server; off by default)
  --quiet                  do not log requests
  --help                   show this help`;

async function main(): Promise<void> {
  let args: SimulatorArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`sim: ${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  let sim;
  try {
    sim = await startSimulator(args.options);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    console.error(`sim: cannot start: ${err.message}`);
    process.exit(err instanceof RangeError ? 2 : 1);
  }
  const o = args.options;
  console.log(
    `Fax Service v2 simulator listening on ${sim.baseUrl} ` +
      `(X-API-Key: ${sim.apiKey}, X-API-Secret: ${sim.apiSecret}, speed ${o.speed ?? 1}` +
      `${o.stateFile ? `, state ${o.stateFile}` : ''})` +
      (o.allowPrivateRemoteUrls ? '; --allow-private-urls: URL uploads may fetch from this machine and private networks' : ''),
  );
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`sim: ${signal} received, stopping`);
    sim.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`sim: error while stopping: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
