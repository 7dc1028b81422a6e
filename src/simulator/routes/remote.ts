/** URL upload: fetches remote_url with a timeout and the same 10 MB limit, streamed. */
import { FileSink, MAX_FILE_BYTES } from '../file-sink';
import { HttpFailure } from '../http';

export const REMOTE_FETCH_TIMEOUT_MS = 15_000;

const failure = (detail: string): HttpFailure => new HttpFailure(400, 'Remote file could not be fetched', detail);

export async function fetchRemote(
  rawUrl: string,
  stopSignal: AbortSignal,
  timeoutMs = REMOTE_FETCH_TIMEOUT_MS,
): Promise<{ name: string; sink: FileSink }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new HttpFailure(400, 'Invalid upload request', 'remote_url must be an absolute http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpFailure(400, 'Invalid upload request', 'remote_url must be an absolute http or https URL.');
  }
  const signal = AbortSignal.any([stopSignal, AbortSignal.timeout(timeoutMs)]);
  const sink = new FileSink();
  try {
    const res = await fetch(url, { signal, redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel();
      throw failure(`The remote server answered HTTP ${res.status}.`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > MAX_FILE_BYTES) {
      await res.body?.cancel();
      sink.tooLarge = true;
      sink.size = declared;
    } else if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        sink.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        if (sink.tooLarge) {
          await reader.cancel();
          break;
        }
      }
    }
    return { name: nameFromUrl(new URL(res.url || url.href)), sink };
  } catch (e) {
    if (e instanceof HttpFailure) throw e;
    const err = e as Error;
    if (err.name === 'TimeoutError') throw failure(`The remote server did not send the file within ${timeoutMs / 1000} s.`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw failure(`The remote file could not be downloaded (${cause?.code ?? cause?.message ?? err.message}).`);
  }
}

function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
