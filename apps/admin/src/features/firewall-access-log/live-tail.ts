// The access log's live tail: the server-sent events of FIREWALL_ACCESS_STREAM_PATH read through the
// admin's authenticated fetch (the session's bearer token in the Authorization header, never
// in the URL; a 401 ends the session as on every call). Each `entries` event hands its
// entries on. It opens from the history page's tail position (or after an entry an earlier
// tail sent); when the stream ends or fails it is opened again after a pause, after the last
// entry received (or from where it began, when none came), until the caller aborts.
import {
  FIREWALL_ACCESS_EVENT,
  FIREWALL_ACCESS_STREAM_PATH,
  firewallAccessEntry,
  type FirewallAccessEntry,
} from '@gatehouse/contracts';
import { z } from 'zod';
import { authedFetch } from '../../lib/authed-fetch.js';
import { createSseParser } from './sse-parser.js';

const RETRY_MS = 2000;
const entriesEvent = z.object({ entries: z.array(firewallAccessEntry) });

export type TailState = 'connecting' | 'live' | 'retrying';

export interface TailOptions {
  /** The filters, as the stream's query. */
  query: Record<string, string>;
  /** Where it starts: the history page's `tail`, or the last entry an earlier tail sent. */
  start: { from: string } | { after: string };
  onEntries(entries: FirewallAccessEntry[]): void;
  onState(state: TailState): void;
  signal: AbortSignal;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads one stream to its end; answers false when the server refused it (no retry). */
async function readOnce(
  options: TailOptions,
  start: { current: TailOptions['start'] },
): Promise<boolean> {
  const query = { ...options.query, ...start.current };
  const search = new URLSearchParams(query).toString();
  const outcome = await authedFetch(
    search === '' ? FIREWALL_ACCESS_STREAM_PATH : `${FIREWALL_ACCESS_STREAM_PATH}?${search}`,
    { headers: { Accept: 'text/event-stream' }, signal: options.signal },
    { quietStatuses: [429, 502, 503, 504] },
  );
  if (!outcome.ok) {
    // Bad filters, the plan, or the session: opening it again would be refused again.
    return outcome.status === undefined || outcome.status >= 429;
  }
  options.onState('live');
  const reader = outcome.response.body?.getReader();
  if (!reader) return true;
  const decoder = new TextDecoder();
  const feed = createSseParser((event) => {
    if (event.event !== FIREWALL_ACCESS_EVENT) return;
    const parsed = entriesEvent.safeParse(JSON.parse(event.data));
    if (!parsed.success || parsed.data.entries.length === 0) return;
    start.current = { after: parsed.data.entries[parsed.data.entries.length - 1]!.id };
    options.onEntries(parsed.data.entries);
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    // The connection dropped (or the caller aborted): the loop decides.
  }
  return true;
}

/** Follows the stream until `signal` aborts. */
export async function followTail(options: TailOptions): Promise<void> {
  const start = { current: options.start };
  while (!options.signal.aborted) {
    options.onState('connecting');
    const again = await readOnce(options, start);
    if (!again || options.signal.aborted) return;
    options.onState('retrying');
    await pause(RETRY_MS, options.signal);
  }
}
