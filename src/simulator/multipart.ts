/**
 * A small streaming multipart/form-data parser. It never holds more than one
 * part's headers (at most 16 KB) plus a boundary's length of lookahead; part
 * bodies are handed to the caller chunk by chunk as they arrive.
 */

export interface PartInfo {
  name: string;
  filename: string | null;
  contentType: string;
}

export interface PartHandler {
  start(part: PartInfo): void;
  data(chunk: Buffer): void;
  end(): void;
}

export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done';

export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const b = m?.[1] ?? m?.[2];
  return b && b.length <= 70 ? b : null;
}

export class MultipartParser {
  private readonly delimiter: Buffer;
  private buf: Buffer;
  private state: State = 'preamble';

  constructor(boundary: string, private readonly handler: PartHandler) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // The first delimiter has no CRLF before it; pretend it does.
    this.buf = Buffer.from(CRLF);
  }

  get finished(): boolean {
    return this.state === 'done';
  }

  write(chunk: Buffer): void {
    if (this.state === 'done') return; // epilogue: ignored
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (!this.step()) break;
    }
  }

  end(): void {
    if (this.state !== 'done') throw new MultipartError('The multipart body ended before its closing boundary');
  }

  /** Returns true when it made progress and may continue. */
  private step(): boolean {
    switch (this.state) {
      case 'preamble': {
        const i = this.buf.indexOf(this.delimiter);
        if (i < 0) {
          this.keepTail();
          return false;
        }
        this.buf = this.buf.subarray(i + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        if (this.buf.length < 2) return false;
        if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
          this.state = 'done';
          this.buf = Buffer.alloc(0);
          return false;
        }
        // Transport padding (spaces/tabs) may precede the CRLF.
        const eol = this.buf.indexOf(CRLF);
        if (eol < 0) {
          if (this.buf.length > 256) throw new MultipartError('Malformed multipart boundary line');
          return false;
        }
        if (this.buf.subarray(0, eol).toString('latin1').trim() !== '') {
          throw new MultipartError('Malformed multipart boundary line');
        }
        this.buf = this.buf.subarray(eol + 2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        const i = this.buf.indexOf(HEADER_END);
        if (i < 0) {
          if (this.buf.length > MAX_HEADER_BYTES) throw new MultipartError('Multipart part headers are too large');
          return false;
        }
        const part = parsePartHeaders(this.buf.subarray(0, i).toString('utf8'));
        this.buf = this.buf.subarray(i + HEADER_END.length);
        this.handler.start(part);
        this.state = 'body';
        return true;
      }
      case 'body': {
        const i = this.buf.indexOf(this.delimiter);
        if (i < 0) {
          const safe = this.buf.length - (this.delimiter.length - 1);
          if (safe > 0) {
            this.handler.data(this.buf.subarray(0, safe));
            this.buf = Buffer.from(this.buf.subarray(safe));
          }
          return false;
        }
        if (i > 0) this.handler.data(this.buf.subarray(0, i));
        this.handler.end();
        this.buf = this.buf.subarray(i + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'done':
        return false;
    }
  }

  private keepTail(): void {
    const keep = this.delimiter.length - 1;
    if (this.buf.length > keep) this.buf = Buffer.from(this.buf.subarray(this.buf.length - keep));
  }
}

function parsePartHeaders(text: string): PartInfo {
  let disposition = '';
  let contentType = 'text/plain';
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError('A multipart part has no form-data Content-Disposition');
  const name = param(disposition, 'name');
  if (name === null) throw new MultipartError('A multipart part has no name');
  const extended = param(disposition, 'filename*');
  let filename = param(disposition, 'filename');
  if (extended !== null) {
    const m = /^([^']*)'[^']*'(.*)$/.exec(extended);
    try {
      filename = m ? decodeURIComponent(m[2] ?? '') : extended;
    } catch {
      // keep the plain filename parameter
    }
  }
  return { name, filename, contentType };
}

function param(header: string, key: string): string | null {
  const esc = key.replace(/[*]/g, '\\*');
  const re = new RegExp(`;\\s*${esc}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
  const m = re.exec(header);
  if (!m) return null;
  if (m[1] !== undefined) return m[1].replace(/\\(.)/g, '$1');
  return (m[2] ?? '').trim();
}
