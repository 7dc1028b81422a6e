/**
 * Node's fetch (undici) moves a streamed request body through a WHATWG
 * stream in small pieces: measured on loopback it uploaded a 10 MB file at a
 * quarter of curl's speed and held about twice the memory of a plain pipe.
 * Uploads are the one place that matters (up to 3 × 10 MB per fax), so a
 * file body (./upload-body) goes through node:http(s), written from its
 * reused buffers; everything else stays on fetch. The transport above reads
 * either answer the same way (a ServiceReply, ./http).
 *
 * File bodies are sent with `Expect: 100-continue`: a service that refuses
 * the request from its headers alone (wrong secret, too large) answers
 * before any byte of the file leaves, so the refusal arrives as itself
 * instead of as a connection reset mid-body. A server that ignores Expect
 * gets the body after a short wait, as curl does.
 */
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ServiceFetch, ServiceReply } from './http';
import { isFileBody } from './upload-body';

/** How long to wait for "100 Continue" before sending the body anyway (curl waits 1 s). */
export const CONTINUE_WAIT_MS = 1000;

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  if (headers === undefined || headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers).entries());
  // the transport's plain object: names lower-cased as Headers would (node:http checks names and values)
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

/**
 * Replies that declare at most this many bytes are read whole here, in Node's own events: an
 * upload's answer is ~130 bytes, and reading it through Readable.toWeb and a WHATWG reader took
 * 1-1.8 ms of each 10 MB upload's ~20 ms on loopback (traced, issue 15). Larger or undeclared
 * replies stay streams, so the caller's size limit still stops them.
 */
export const SMALL_REPLY_BYTES = 64 * 1024;

/**
 * A reply's headers as the transport reads them, straight from Node's parsed ones (names already lower-case):
 * no Headers object, whose checks of every name and value cost ~0.1 ms of each upload (profiled, issue #27).
 */
function headersOf(res: http.IncomingMessage): ServiceReply['headers'] {
  const all = res.headers;
  return {
    get: (name) => {
      const v = all[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
  };
}

const bodyless = (status: number) => status === 204 || status === 304;

/**
 * Why the body writer is stopped once the exchange has ended: one reason for every upload. An abort without
 * one builds a DOMException with its stack, ~0.07 ms of each upload's main-thread time (profiled, issue #27).
 */
const EXCHANGE_ENDED = new Error('the exchange has ended');

/**
 * The reply: a small declared one read whole, once all of it has arrived (its bytes in `whole`, no stream);
 * a larger or undeclared one with its body as a stream, so the caller's size limit still stops it.
 */
function toReply(res: http.IncomingMessage): Promise<ServiceReply> {
  const status = res.statusCode ?? 0;
  const declared = Number(res.headers['content-length'] ?? NaN);
  if (bodyless(status)) {
    res.resume();
    return Promise.resolve({ status, headers: headersOf(res), body: null });
  }
  if (!(declared <= SMALL_REPLY_BYTES)) return Promise.resolve({ status, headers: headersOf(res), body: Readable.toWeb(res) as ReadableStream<Uint8Array> });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve({ status, headers: headersOf(res), body: null, whole: Buffer.concat(chunks) }));
    // Cut short (the connection closed, or the call was cancelled): the same failure fetch reports.
    res.on('close', () => {
      if (!res.complete) reject(new TypeError('fetch failed', { cause: new Error('the reply was cut short') }));
    });
  });
}

export const streamingFetch: ServiceFetch = (url, init) => {
  const body = init.body as unknown;
  if (!isFileBody(body)) return fetch(url, init);
  const signal = init.signal ?? undefined;
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise<ServiceReply>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const headers = { ...headerRecord(init.headers), 'content-length': String(body.length), expect: '100-continue' };
    const req = transport.request(url, { method: init.method ?? 'POST', headers });
    // Stops the body writer however the exchange ends; it then closes its file (an open file stays locked on Windows).
    const stopBody = new AbortController();
    let bodyDone = false;
    let answered = false;
    const abort = () => {
      stopBody.abort(signal?.reason);
      req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);

    // The body's first buffers are read from disk while the service decides on the headers; they
    // leave once it says "100 Continue" (or answers, or the wait runs out). Traced: the read after
    // the "continue" was ~0.3-0.5 ms of a 20 ms upload on loopback.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const startBody = () => {
      clearTimeout(fallback);
      release();
    };
    const fallback = setTimeout(startBody, CONTINUE_WAIT_MS);
    req.on('continue', startBody);
    req.flushHeaders();
    body
      .writeTo((chunk, cb) => {
        void released.then(() => {
          if (req.destroyed || answered) return cb(new Error('request ended'));
          req.write(chunk, cb);
        });
      }, stopBody.signal)
      .then(
        () => {
          bodyDone = true;
          if (!answered) req.end();
        },
        (e: Error) => {
          // An early answer ends the body on purpose; anything else (a read error) ends the request.
          if (!answered) req.destroy(e);
        },
      );

    req.on('response', (res) => {
      answered = true;
      // Buffers still waiting to leave are dropped, and the file is closed.
      startBody();
      stopBody.abort(EXCHANGE_ENDED);
      res.on('close', () => {
        done();
        // The body was cut short, so this connection cannot carry another request.
        if (!bodyDone) req.destroy();
      });
      toReply(res).then(resolve, (e: unknown) => reject(signal?.aborted ? signal.reason : e));
    });
    // Keep the system error code (ECONNREFUSED…) on the error, as undici does on its cause.
    req.on('error', (e) => {
      startBody();
      done();
      stopBody.abort(EXCHANGE_ENDED);
      reject(new TypeError('fetch failed', { cause: e }));
    });
  });
};
