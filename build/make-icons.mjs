// Draws FaxDesk's icons (a sheet of paper with a folded corner on a blue
// tile) and writes them as PNG with nothing but node:zlib, so the icons can be
// regenerated anywhere without an image toolchain: node build/make-icons.mjs
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../resources/icons');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y, size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BLUE = [31, 111, 235];
const WHITE = [255, 255, 255];
const FOLD = [200, 215, 240];
const INK = [120, 145, 190];

// colour at a point of the unit square, or null for transparent
function shade(u, v) {
  const r = 0.19;
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return null;
  const [l, t, rr, b, f] = [0.28, 0.18, 0.72, 0.82, 0.14];
  if (u >= l && u <= rr && v >= t && v <= b) {
    const dx = rr - u;
    const dy = v - t;
    // dog-ear: the corner is cut away and folded over onto the sheet
    if (dx + dy < f) return BLUE;
    if (dx < f && dy < f) return FOLD;
    for (const line of [0.42, 0.52, 0.62, 0.72]) if (Math.abs(v - line) < 0.018 && u > l + 0.07 && u < rr - 0.07) return INK;
    return WHITE;
  }
  return BLUE;
}

function pixel(x, y, size) {
  // 4x4 supersampling for smooth edges
  let [r, g, b, a] = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      const c = shade((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size);
      if (!c) continue;
      r += c[0];
      g += c[1];
      b += c[2];
      a += 255;
    }
  const n = a / 255;
  return n ? [Math.round(r / n), Math.round(g / n), Math.round(b / n), Math.round(a / 16)] : [0, 0, 0, 0];
}

fs.mkdirSync(out, { recursive: true });
for (const [name, size] of [
  ['icon.png', 512],
  ['tray.png', 16],
  ['tray@2x.png', 32],
]) {
  fs.writeFileSync(path.join(out, name), png(size, pixel));
  console.log(`${name} ${size}x${size} ${fs.statSync(path.join(out, name)).size} bytes`);
}
