// The Realtime Access Log's live tail as the admin opens it (fetch with the bearer token and
// Accept: text/event-stream), for the tests: the entries of each event as they arrive, and
// whether the server has ended the stream.
import { FW_ACCESS_STREAM_PATH, type FwAccessEntry } from '@gatehouse/contracts';

/** Opens the live tail; `events` fills with the entries each event carries. */
export async function openTail(
  appUrl: string,
  token: string | null,
  query: Record<string, string> = {},
  accept = true,
) {
  const abort = new AbortController();
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${appUrl}${FW_ACCESS_STREAM_PATH}?${search}`, {
    headers: {
      ...(accept ? { accept: 'text/event-stream' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: abort.signal,
  });
  const events: FwAccessEntry[][] = [];
  /** The server ended the stream (not the test). */
  let ended = false;
  let text = '';
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block);
          if (/^event: entries$/m.test(block) && data) {
            events.push((JSON.parse(data[1]!) as { entries: FwAccessEntry[] }).entries);
          }
        }
      }
      ended = true;
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    events,
    get ended() {
      return ended;
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

/** Polls `check` every 20 ms until it holds, for at most `ms`. */
export async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
