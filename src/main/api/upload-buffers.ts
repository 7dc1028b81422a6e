/**
 * The buffers a file upload's body is read into (./upload-body): two of 1 MB per upload.
 * Full-size buffers are kept between uploads (up to three uploads' worth, released after a
 * minute without uploads): allocating 2 MB afresh per upload counted as 2 MB more external
 * memory each time, and V8 answered with full collections in the middle of the next upload
 * (profiled: 15-50 ms pauses in a run of uploads).
 */
export const BUFFER_BYTES = 1024 * 1024;
export const BUFFERS = 2;

const spare: Buffer[] = [];
const MAX_SPARE = 3 * BUFFERS;
let releaseTimer: NodeJS.Timeout | null = null;

/** A buffer of `size` bytes: a kept one when it is full-size. */
export function takeBuffer(size: number): Buffer {
  if (size < BUFFER_BYTES) return Buffer.allocUnsafe(size);
  return spare.pop() ?? Buffer.allocUnsafe(BUFFER_BYTES);
}

/** Keeps a full-size buffer for the next upload, once nothing reads into it or writes from it any more. */
export function giveBack(buf: Buffer): void {
  if (buf.length !== BUFFER_BYTES || spare.length >= MAX_SPARE) return;
  spare.push(buf);
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    spare.length = 0;
    releaseTimer = null;
  }, 60_000);
  releaseTimer.unref();
}
