/**
 * Service time: the spec's timestamps are `Y-m-d H:i:s` with no zone, so the
 * simulator reads and writes them in one configured IANA zone (default
 * Asia/Shanghai). Intl does the zone arithmetic; no date library is needed.
 * Deliberately independent of src/shared/service-time.ts: the simulator stands in for the outside service and shares no code with the client.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Throws a RangeError for a zone Intl does not know. */
export function assertTimeZone(timeZone: string): void {
  formatter(timeZone);
}

// Same fields as Wall in src/shared/service-time.ts, on purpose: lint walls the simulator off from app code.
interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function fieldsIn(ms: number, timeZone: string): Fields {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** Formats an instant as `Y-m-d H:i:s` in the given zone. */
export function formatServiceTime(ms: number, timeZone: string): string {
  const f = fieldsIn(ms, timeZone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
}

/** Offset of the zone from UTC at an instant, in ms (Shanghai: +8 h). */
function offsetAt(ms: number, timeZone: string): number {
  const f = fieldsIn(ms, timeZone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Parses `Y-m-d H:i:s` in the given zone to an instant, or null when the text
 * is not in that format or names a time that does not exist (Feb 30, or a
 * wall-clock time skipped by a DST change).
 */
export function parseServiceTime(text: string, timeZone: string): number | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  return formatServiceTime(ms, timeZone) === text ? ms : null;
}
