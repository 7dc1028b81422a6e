/**
 * URL upload: fetches remote_url as a careful real service would. Only public
 * internet addresses are fetched — never loopback, private, link-local,
 * unique-local or meta addresses — and that is checked on the address the
 * connection is actually made to (after DNS), so a name that resolves to
 * 127.0.0.1 (DNS rebinding) is refused too. No redirects are followed (the
 * next hop could be internal), and both size (10 MB) and time are capped.
 * The address filter is request-filtering-agent, an http.Agent that checks
 * every resolved address at connect time.
 */
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { FileSink, MAX_FILE_BYTES } from '../file-sink';
import { HttpFailure } from '../http';

export const REMOTE_FETCH_TIMEOUT_MS = 15_000;

export interface RemoteFetchOptions {
  /** the whole download, headers and body (default 15 s) */
  timeoutMs?: number;
  /**
   * Test-only: also fetch from this machine's loopback addresses (the tests'
   * own file servers). Off by default; demo mode never sets it.
   */
  allowLoopback?: boolean;
  /** The CLI's --allow-private-urls: loopback and private networks too, never link-local or meta addresses. */
  allowPrivate?: boolean;
}

const failure = (detail: string): HttpFailure => new HttpFailure(400, 'Remote file could not be fetched', detail);
const invalid = () => new HttpFailure(400, 'Invalid upload request', 'remote_url must be an absolute http or https URL.');

const LOOPBACK = ['127.0.0.0/8', '::1/128'];
const PRIVATE = [...LOOPBACK, '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

function agentFor(url: URL, allowLoopback: boolean, allowPrivate = false): http.Agent {
  const options = { keepAlive: false, allowIPAddressList: allowPrivate ? PRIVATE : allowLoopback ? LOOPBACK : [] };
  return url.protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
}

/** request-filtering-agent refuses with "... is not allowed. Because, It is private IP address." */
const isRefusedAddress = (e: unknown) => e instanceof Error && /is not allowed/.test(e.message);

export async function fetchRemote(
  rawUrl: string,
  stopSignal: AbortSignal,
  options: RemoteFetchOptions = {},
): Promise<{ name: string; sink: FileSink }> {
  const timeoutMs = options.timeoutMs ?? REMOTE_FETCH_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid();
  if (url.username || url.password) throw failure('remote_url must not contain a user name or password.');

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([stopSignal, timeout]);
  const sink = new FileSink();
  const agent = agentFor(url, options.allowLoopback === true, options.allowPrivate === true);
  try {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, { agent, signal, headers: { accept: '*/*' } }, resolve);
      req.on('error', reject);
      req.end();
    });
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      res.destroy();
      throw failure(`The remote server answered with a redirect (HTTP ${status}); redirects are not followed. Give the file's final address.`);
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw failure(`The remote server answered HTTP ${status}.`);
    }
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (declared > MAX_FILE_BYTES) {
      res.destroy();
      sink.tooLarge = true;
      sink.size = declared;
    } else {
      for await (const chunk of res) {
        sink.write(chunk as Buffer);
        if (sink.tooLarge) {
          res.destroy();
          break;
        }
      }
    }
    return { name: nameFromUrl(url), sink };
  } catch (e) {
    if (e instanceof HttpFailure) throw e;
    if (timeout.aborted) throw failure(`The remote server did not send the file within ${timeoutMs / 1000} s.`);
    if (isRefusedAddress(e)) {
      throw failure('The address is on a private or local network. Only files on the public internet can be fetched.');
    }
    const err = e as Error & { code?: string };
    throw failure(`The remote file could not be downloaded (${err.code ?? err.message}).`);
  } finally {
    agent.destroy();
  }
}

function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
