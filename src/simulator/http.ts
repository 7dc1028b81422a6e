/** The response envelope and small request helpers shared by the routes. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Errors = Record<string, string[]> | string;

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Errors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function envelopeBody(success: boolean, message: string, payload: unknown): string {
  return JSON.stringify(
    success ? { success, message, data: payload } : { success, message, errors: payload },
  );
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

export function ok(res: ServerResponse, message: string, data: unknown): void {
  sendJson(res, 200, envelopeBody(true, message, data));
}

export function fail(
  res: ServerResponse,
  status: number,
  message: string,
  errors: Errors,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, envelopeBody(false, message, errors), headers);
}

/** Lowercased media type of the request, without parameters. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

const JSON_LIMIT = 1024 * 1024;

/**
 * Reads a JSON body of at most 1 MB. Past the limit the rest is drained and
 * discarded so the client still gets an answer; nothing is buffered beyond it.
 * Throws HttpFailure(400, invalidMessage, ...) for a body that is not JSON.
 */
export async function readJson(
  req: IncomingMessage,
  failure: (detail: string) => HttpFailure,
): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > JSON_LIMIT) {
      tooLarge = true;
      chunks.length = 0;
      if (size > JSON_LIMIT * 8) {
        req.destroy();
        break;
      }
      continue;
    }
    chunks.push(chunk);
  }
  if (tooLarge) throw failure('The request body must not be larger than 1 MB.');
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw failure('The request body must be a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw failure('The request body is not valid JSON.');
  }
}

export function isJsonMedia(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}
