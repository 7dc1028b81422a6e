/**
 * Small documents of every type FaxDesk takes, built byte by byte so tests
 * need no image or office library: PNG, TIFF and DOCX are complete, valid
 * files; JPEG and DOC carry the real framing (markers, header, allocation
 * sectors) around filler, which is all the hot folder looks at.
 */
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export async function samplePdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`Page ${i}`, { x: 72, y: 760, size: 18, font });
  return Buffer.from(await doc.save());
}

export function sampleText(lines = 400): Buffer {
  return Buffer.from(Array.from({ length: lines }, (_, i) => `Line ${i + 1}: 传真 fax text that is being written slowly`).join('\n') + '\n');
}

export function samplePng(width = 64, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * y) & 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function sampleJpeg(size = 20_000): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00]);
  const body = Buffer.alloc(size, 0x55);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]), body, Buffer.from([0xff, 0xd9])]);
}

/**
 * An uncompressed bilevel TIFF of `pages` pages, written the way scanners and
 * fax programs do: image data first, the directories (which point back at it) last.
 */
export function sampleTiff(pages = 2, width = 1728, height = 100): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const strip = Buffer.alloc(rowBytes * height, 0xaa);
  const parts: Buffer[] = [Buffer.from([0x49, 0x49, 42, 0, 0, 0, 0, 0])];
  let offset = 8;
  const stripOffsets: number[] = [];
  for (let p = 0; p < pages; p++) {
    stripOffsets.push(offset);
    parts.push(strip);
    offset += strip.length;
  }
  const header = parts[0]!;
  header.writeUInt32LE(offset, 4);
  for (let p = 0; p < pages; p++) {
    const entries: Array<[number, number, number, number]> = [
      [256, 4, 1, width],
      [257, 4, 1, height],
      [258, 3, 1, 1],
      [259, 3, 1, 1],
      [262, 3, 1, 0],
      [273, 4, 1, stripOffsets[p]!],
      [278, 4, 1, height],
      [279, 4, 1, strip.length],
    ];
    const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach(([tag, type, count, value], i) => {
      const e = 2 + i * 12;
      ifd.writeUInt16LE(tag, e);
      ifd.writeUInt16LE(type, e + 2);
      ifd.writeUInt32LE(count, e + 4);
      if (type === 3) ifd.writeUInt16LE(value, e + 8);
      else ifd.writeUInt32LE(value, e + 8);
    });
    const next = p < pages - 1 ? offset + ifd.length : 0;
    ifd.writeUInt32LE(next, 2 + entries.length * 12);
    parts.push(ifd);
    offset += ifd.length;
  }
  return Buffer.concat(parts);
}

/** A minimal .docx: a zip (stored entries) with the parts Word needs. */
export function sampleDocx(text = '传真 FaxDesk document'): Buffer {
  const files: Array<[string, string]> = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`.repeat(300)}</w:body></w:document>`,
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const data = Buffer.from(content, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(files.length, 8);
  eocd.writeUInt16LE(files.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** An OLE compound file header (.doc) whose allocation table lives in its last sector. */
export function sampleDoc(sectors = 40): Buffer {
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e); // 512-byte sectors
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(sectors - 2, 0x30); // directory in the second-to-last sector
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(0xffffffff, 0x4c + i * 4);
  header.writeUInt32LE(sectors - 1, 0x4c); // the FAT is the last sector
  return Buffer.concat([header, Buffer.alloc(512 * sectors, 0x20)]);
}
