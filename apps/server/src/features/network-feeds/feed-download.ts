// Downloads one feed file: a GET with a time-out and a size cap, so a slow or endless answer
// can never hold a job or fill memory. The caller parses the text.
import { FEED_MAX_BYTES } from '@gatehouse/engine';

export class DownloadError extends Error {}

export async function downloadFeed(url: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
      headers: { accept: 'text/plain, text/csv, application/json;q=0.9, */*;q=0.1' },
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError') throw new DownloadError(`no answer within ${timeoutMs / 1000} s`);
    throw new DownloadError('the address could not be reached');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new DownloadError(`the server answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > FEED_MAX_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new DownloadError('the file is larger than 32 MB');
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > FEED_MAX_BYTES) {
        await reader.cancel().catch(() => {});
        throw new DownloadError('the file is larger than 32 MB');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError') throw new DownloadError(`no answer within ${timeoutMs / 1000} s`);
    throw new DownloadError('the download broke off');
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
