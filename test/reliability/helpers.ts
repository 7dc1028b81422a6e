import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

/**
 * True when a value survives IPC unchanged: only JSON-like data, built from
 * plain objects and arrays (no class instances, functions, symbols, bigints,
 * cycles or non-finite numbers).
 */
export function isPlainData(value: unknown, seen = new Set<object>()): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (seen.has(value)) return false;
      seen.add(value);
      const proto = Object.getPrototypeOf(value) as unknown;
      let ok: boolean;
      if (Array.isArray(value)) ok = proto === Array.prototype && value.every((v) => isPlainData(v, seen));
      else
        ok =
          (proto === Object.prototype || proto === null) &&
          Object.values(value as Record<string, unknown>).every((v) => v === undefined || isPlainData(v, seen));
      seen.delete(value);
      return ok;
    }
    default:
      return false;
  }
}

/** Counts unhandled rejections and uncaught exceptions from here on. */
export function watchUnhandled() {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown) => void seen.push(reason);
  const onException = (error: unknown) => void seen.push(error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    count: () => seen.length,
    seen: () => [...seen],
    stop() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

export async function samplePdf(dir: string, pages = 1, name = `sample-${pages}p.pdf`): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 24 });
  const file = path.join(dir, name);
  fs.writeFileSync(file, await doc.save());
  return file;
}

export function safeJson(value: unknown, max = 200): string {
  try {
    return (JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)).slice(0, max);
  } catch {
    return String(value).slice(0, max);
  }
}
