/**
 * The service's timestamps are wall-clock strings `Y-m-d H:i:s` with no zone;
 * FaxDesk reads them in a configured service time zone (Asia/Shanghai by
 * default). Intl is the only time-zone database we use, so the renderer and
 * main agree without shipping a date library.
 */

const SERVICE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** (zone, wall hour) -> offset, for hours far from any offset change */
const quietHours = new Map<string, number>();
const QUIET_HOURS_MAX = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** A wall-clock time, fields as written (month 1-12). */
// src/simulator/time.ts has its own copy on purpose: the simulator stands in for the service and shares no app code.
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(ms: number, tz: string): Wall {
  const parts: Record<string, string> = {};
  for (const p of wallFormatter(tz).formatToParts(ms)) parts[p.type] = p.value;
  const yearOfEra = Number(parts.year);
  // 'BC' years count backwards from 1 BC = year 0 (proleptic, ISO style); en-US writes the short era as 'BC'.
  const year = parts.era === 'BC' ? 1 - yearOfEra : yearOfEra;
  return {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The wall time read as if it were UTC: lets us do zone arithmetic in plain ms. */
function wallAsUtc(w: Wall): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/** Offset of `tz` from UTC at instant `ms`, in ms (east positive). */
function offsetAt(ms: number, tz: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(wallOf(whole, tz)) - whole;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** True when Intl knows the zone. */
export function isKnownTimeZone(tz: string): boolean {
  try {
    wallFormatter(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * An instant as the service writes it in zone `tz`, e.g. '2026-03-08 14:30:00'.
 * Sub-second parts are dropped (the format has none). Throws RangeError for an
 * invalid Date or an unknown zone: those are programming errors, not input.
 */
export function toServiceTime(date: Date, tz: string): string {
  const ms = date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('toServiceTime: invalid Date');
  const w = wallOf(Math.floor(ms / 1000) * 1000, tz);
  if (w.year < 0 || w.year > 9999) throw new RangeError('toServiceTime: year outside 0000-9999');
  return `${pad(w.year, 4)}-${pad(w.month, 2)}-${pad(w.day, 2)} ${pad(w.hour, 2)}:${pad(w.minute, 2)}:${pad(w.second, 2)}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of a month; 0 for a month that does not exist (0, 13), so no day is in it. */
function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeap(year)) return 29;
  return MONTH_DAYS[month - 1] ?? 0;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Parses the service's format strictly; null for anything else or an impossible date. */
export function parseWallTime(s: string): Wall | null {
  if (typeof s !== 'string') return null;
  const m = SERVICE_TIME.exec(s);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second };
}

/**
 * The instant a service timestamp denotes in zone `tz`, or null when the
 * string is malformed, names an impossible date (2026-02-30, 25:61:00), or
 * the zone is unknown. Never throws.
 *
 * Wall times that a zone skips or repeats are resolved like Temporal's
 * 'compatible' disambiguation (and like most calendar apps):
 * - in a gap (clocks jump forward, e.g. 02:30 on a spring-forward night in
 *   New York) the time is read with the offset in force before the jump, which
 *   lands the same distance after it (03:30 EDT);
 * - in an overlap (clocks fall back, 01:30 happens twice) the earlier of the
 *   two instants is chosen.
 * Either way the result is deterministic and a future time never moves into
 * the past, which is what a schedule needs.
 */
export function fromServiceTime(s: string, tz: string): Date | null {
  const wall = parseWallTime(s);
  if (!wall || !isKnownTimeZone(tz)) return null;
  const target = wallAsUtc(wall);
  const hourKey = `${tz}|${Math.floor(target / HOUR_MS)}`;
  const cached = quietHours.get(hourKey);
  if (cached !== undefined) return new Date(target - cached);
  // A zone changes offset at most once in any few days; the offsets two days
  // either side are the only candidates (this also covers whole skipped days,
  // as on Kiritimati's move across the date line).
  const before = offsetAt(target - 2 * DAY_MS, tz);
  const after = offsetAt(target + 2 * DAY_MS, tz);
  if (before === after && offsetAt(target - before, tz) === before) {
    // No change anywhere near: every time in this wall-clock hour has this
    // offset. Remembering it keeps bulk conversions (history) cheap.
    if (quietHours.size >= QUIET_HOURS_MAX) quietHours.clear();
    quietHours.set(hourKey, before);
    return new Date(target - before);
  }
  const candidates = new Set<number>([before, after, offsetAt(target - before, tz), offsetAt(target - after, tz)]);
  let best: number | null = null;
  for (const offset of candidates) {
    const instant = target - offset;
    if (offsetAt(instant, tz) === offset && (best === null || instant < best)) best = instant;
  }
  return new Date(best ?? target - before);
}

/** A service timestamp as ms since the epoch, or null (see fromServiceTime). */
export function serviceTimeToMs(s: string | null | undefined, tz: string): number | null {
  // no timestamp is no instant: '' is refused like any malformed string
  return fromServiceTime(s ?? '', tz)?.getTime() ?? null;
}

export interface FormatLocalOptions {
  /** BCP 47 locale, e.g. 'zh-CN'; default: the runtime's */
  locale?: string;
  /** the zone to show the time in; default: the runtime's (the user's) */
  timeZone?: string;
  /** 'datetime' (default), 'date' or 'time' */
  style?: 'datetime' | 'date' | 'time';
  /** with seconds (the task detail's times) */
  seconds?: boolean;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one way FaxDesk shows a time: numeric date and 24-hour time in the UI's language
 * ("11/23/2026, 14:06", "2026/11/23 14:06"), the same in lists, dialogs and the account — the task
 * list used this form and other screens "Nov 23, 2026, 2:06 PM" (issue 18).
 */
export function formatLocal(date: Date, options: FormatLocalOptions = {}): string {
  if (!Number.isFinite(date.getTime())) return '';
  const style = options.style ?? 'datetime';
  const key = `${options.locale ?? ''}|${options.timeZone ?? ''}|${style}|${options.seconds ? 's' : ''}`;
  let f = localFormats.get(key);
  if (!f) {
    const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', ...(options.seconds ? { second: '2-digit' } : {}), hourCycle: 'h23' };
    const fields = style === 'date' ? day : style === 'time' ? time : { ...day, ...time };
    try {
      f = new Intl.DateTimeFormat(options.locale, { ...fields, ...(options.timeZone ? { timeZone: options.timeZone } : {}) });
    } catch {
      return date.toISOString();
    }
    localFormats.set(key, f);
  }
  return f.format(date);
}

/** A service timestamp shown in local time; the raw string if it cannot be read. */
export function formatServiceTimeLocal(s: string, serviceTz: string, options: FormatLocalOptions = {}): string {
  const d = fromServiceTime(s, serviceTz);
  return d ? formatLocal(d, options) : s;
}
