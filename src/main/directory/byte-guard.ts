/**
 * Byte limits on what a directory sends, applied to the socket's bytes
 * before ldapts buffers them: ldapts reads a whole LDAP message into one
 * Buffer (concatenating every chunk as it comes), so a hostile or spoofed
 * server could make main hold any amount and stall on the copies. Here each
 * message's BER header is read as it arrives:
 * - a search entry over `entryBytes` is dropped as it streams (never
 *   buffered) and counted, so one huge entry costs nothing and hides no one
 *   else;
 * - any other message that large, or more than `searchBytes` in all on one
 *   connection, ends the connection: what was read so far is kept and the
 *   answer says it is incomplete.
 * Values over `valueBytes` are dropped when entries are read
 * (directory-search.ts).
 */
export const DIRECTORY_BYTE_LIMITS = {
  valueBytes: 8 * 1024,
  entryBytes: 64 * 1024,
  searchBytes: 4 * 1024 * 1024,
};

export interface ByteGuard {
  /** the connection was ended because the server sent more than searchBytes (or an oversized non-entry) */
  readonly tripped: boolean;
  /** entries dropped for being larger than entryBytes */
  readonly droppedEntries: number;
  /** bytes handed to the LDAP parser */
  readonly passedBytes: number;
}

/** [APPLICATION 4] SearchResultEntry inside the LDAPMessage SEQUENCE. */
const SEARCH_ENTRY_TAG = 0x64;

interface Limits {
  entryBytes: number;
  searchBytes: number;
}

/** Reads the LDAPMessage header: SEQUENCE tag, length, then the messageID INTEGER and the operation's tag. */
function parseHeader(h: Buffer): { total: number; op: number } | 'more' | 'bad' {
  if (h.length < 2) return 'more';
  if (h[0] !== 0x30) return 'bad';
  let len = h[1]!;
  let off = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) return 'bad';
    if (h.length < 2 + n) return 'more';
    len = 0;
    for (let i = 0; i < n; i += 1) len = len * 256 + h[2 + i]!;
    off = 2 + n;
  }
  // messageID: INTEGER tag, short length, value
  if (h.length < off + 2) return 'more';
  if (h[off] !== 0x02) return 'bad';
  const idLen = h[off + 1]!;
  if (idLen > 4) return 'bad';
  if (h.length < off + 2 + idLen + 1) return 'more';
  return { total: off + len, op: h[off + 2 + idLen]! };
}

/**
 * Wraps a byte sink (ldapts' socket data handler) with the limits; `stop`
 * ends the connection. The returned function takes the socket's chunks.
 */
export function guardedSink(sink: (data: Buffer) => void, stop: () => void, limits: Limits = DIRECTORY_BYTE_LIMITS): { write: (chunk: Buffer) => void; guard: ByteGuard } {
  let header: Buffer = Buffer.alloc(0);
  /** bytes of the current message still to come, and whether they are passed on or dropped */
  let remaining = 0;
  let dropping = false;
  let tripped = false;
  let droppedEntries = 0;
  let passedBytes = 0;

  const trip = () => {
    tripped = true;
    stop();
  };

  const write = (chunk: Buffer) => {
    let data: Buffer = chunk;
    while (data.length > 0 && !tripped) {
      if (remaining === 0) {
        header = header.length ? Buffer.concat([header, data]) : data;
        data = Buffer.alloc(0);
        const parsed = parseHeader(header);
        if (parsed === 'more') {
          if (header.length > 16) trip();
          return;
        }
        if (parsed === 'bad') {
          // not LDAP framing: let ldapts report it as its own parse error
          passedBytes += header.length;
          const all = header;
          header = Buffer.alloc(0);
          sink(all);
          return;
        }
        remaining = parsed.total;
        dropping = parsed.total > limits.entryBytes;
        if (dropping && parsed.op !== SEARCH_ENTRY_TAG) {
          trip();
          return;
        }
        if (dropping) droppedEntries += 1;
        else if (passedBytes + parsed.total > limits.searchBytes) {
          trip();
          return;
        }
        data = header;
        header = Buffer.alloc(0);
      }
      const take = Math.min(remaining, data.length);
      const part = data.subarray(0, take);
      data = data.subarray(take);
      remaining -= take;
      if (!dropping) {
        passedBytes += part.length;
        sink(part);
      }
    }
  };

  return {
    write,
    guard: {
      get tripped() {
        return tripped;
      },
      get droppedEntries() {
        return droppedEntries;
      },
      get passedBytes() {
        return passedBytes;
      },
    },
  };
}
