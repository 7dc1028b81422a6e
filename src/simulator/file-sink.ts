/**
 * Receives an uploaded file's bytes as they stream in, counts them and stops
 * keeping them past the size limit. The bytes are kept only until the pages
 * are counted; only metadata outlives the request.
 */

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export class FileSink {
  private chunks: Buffer[] = [];
  size = 0;
  tooLarge = false;

  constructor(private readonly limit = MAX_FILE_BYTES) {}

  write(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.tooLarge = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }

  bytes(): Buffer {
    const all = Buffer.concat(this.chunks);
    this.chunks = [];
    return all;
  }
}

/**
 * At most `limit` uploads hold bytes at a time; the others wait before reading
 * their request (TCP back-pressure slows their senders), which bounds memory
 * to about limit × 10 MB.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }
}
