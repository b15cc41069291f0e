// Downloads one feed file: a GET with a time-out and a size cap, so a slow or endless answer
// can never hold a job or fill memory. The caller parses the text.
import { FEED_MAX_BYTES } from '@gatehouse/engine';
import { readCappedText } from '../../core/http/capped-body.js';

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
  let text: string | null;
  try {
    text = await readCappedText(response, FEED_MAX_BYTES);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError') throw new DownloadError(`no answer within ${timeoutMs / 1000} s`);
    throw new DownloadError('the download broke off');
  }
  if (text === null) throw new DownloadError('the file is larger than 32 MB');
  return text;
}
