/**
 * A TCP relay that holds every chunk for a fixed time in each direction: the
 * link benchmark's stand-in for a WAN's propagation delay where the kernel
 * has no netem qdisc. Chunks keep their order and the relay never slows the
 * sender by more than the delay (the link's rate is set by tbf on the veth).
 *
 *   delay-relay LISTEN_HOST LISTEN_PORT TARGET_HOST TARGET_PORT ONE_WAY_MS
 *
 * Prints "relay listening on HOST:PORT" once ready.
 */
import net from 'node:net';

const [host, port, targetHost, targetPort, oneWay] = process.argv.slice(2);
const delayMs = Number(oneWay);
if (!host || !port || !targetHost || !targetPort || !Number.isFinite(delayMs)) {
  throw new Error('usage: delay-relay LISTEN_HOST LISTEN_PORT TARGET_HOST TARGET_PORT ONE_WAY_MS');
}

function delayed(from: net.Socket, to: net.Socket): void {
  let pending = 0;
  from.on('data', (chunk: Buffer) => {
    pending++;
    setTimeout(() => {
      pending--;
      if (!to.destroyed) to.write(chunk);
    }, delayMs);
  });
  from.on('end', () => {
    const close = () => (pending === 0 ? to.end() : setTimeout(close, delayMs));
    setTimeout(close, delayMs);
  });
  from.on('error', () => to.destroy());
}

const server = net.createServer((client) => {
  client.setNoDelay(true);
  const upstream = net.connect(Number(targetPort), targetHost, () => upstream.setNoDelay(true));
  delayed(client, upstream);
  delayed(upstream, client);
  upstream.on('close', () => setTimeout(() => client.destroy(), delayMs * 2));
  client.on('close', () => setTimeout(() => upstream.destroy(), delayMs * 2));
});
server.listen(Number(port), host, () => console.log(`relay listening on ${host}:${port}`));
process.on('SIGTERM', () => process.exit(0));
