import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartParser, type PartInfo } from '../../src/simulator/multipart';

interface Parsed {
  info: PartInfo;
  body: Buffer;
}

function parse(boundary: string, chunks: Buffer[]): Parsed[] {
  const parts: Parsed[] = [];
  let current: { info: PartInfo; chunks: Buffer[] } | null = null;
  const p = new MultipartParser(boundary, {
    start: (info) => (current = { info, chunks: [] }),
    data: (c) => current!.chunks.push(Buffer.from(c)),
    end: () => {
      parts.push({ info: current!.info, body: Buffer.concat(current!.chunks) });
      current = null;
    },
  });
  for (const c of chunks) p.write(c);
  p.end();
  return parts;
}

function body(boundary: string, parts: Array<{ name: string; filename?: string; data: Buffer }>): Buffer {
  const out: Buffer[] = [Buffer.from('preamble to ignore\r\n')];
  for (const part of parts) {
    const fn = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    out.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fn}\r\nContent-Type: application/octet-stream\r\n\r\n`));
    out.push(part.data, Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${boundary}--\r\nepilogue`));
  return Buffer.concat(out);
}

function split(buf: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let prev = 0;
  for (const p of [...points, buf.length]) {
    out.push(buf.subarray(prev, p));
    prev = p;
  }
  return out;
}

describe('streaming multipart parser', () => {
  it('returns every part byte for byte, however the stream is cut into chunks', () => {
    const boundary = '----FaxDeskBoundary7MA4YWxk';
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 3000 }),
        fc.string({ maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (file, field, cuts) => {
          // include near-boundary bytes so partial matches are exercised
          const data = Buffer.concat([Buffer.from(file), Buffer.from(`\r\n--${boundary.slice(0, 10)}`)]);
          const raw = body(boundary, [
            { name: 'file_name', data: Buffer.from(field) },
            { name: 'file', filename: 'x.pdf', data },
          ]);
          const parts = parse(boundary, split(raw, cuts));
          expect(parts).toHaveLength(2);
          expect(parts[0]!.info).toMatchObject({ name: 'file_name', filename: null });
          expect(parts[0]!.body.toString()).toBe(field);
          expect(parts[1]!.info).toMatchObject({ name: 'file', filename: 'x.pdf', contentType: 'application/octet-stream' });
          expect(parts[1]!.body.equals(data)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads UTF-8 and RFC 5987 file names', () => {
    const b = 'zz';
    const raw = Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="传真.pdf"\r\n\r\nA\r\n`),
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="x"; filename*=UTF-8''%E5%90%88%E5%90%8C.txt\r\n\r\nB\r\n--${b}--`),
    ]);
    const parts = parse(b, [raw]);
    expect(parts.map((p) => p.info.filename)).toEqual(['传真.pdf', '合同.txt']);
  });

  it('rejects a body without its closing boundary, or a part without a name', () => {
    expect(() => parse('b', [Buffer.from('--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc')])).toThrow(MultipartError);
    expect(() => parse('b', [Buffer.from('--b\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--b--')])).toThrow(/no name/);
  });

  it('finds the boundary in the Content-Type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc123')).toBe('abc123');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
