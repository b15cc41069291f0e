// The Realtime Access Log's live tail as the admin opens it (fetch with the bearer token and
// Accept: text/event-stream), for the tests: the entries of each event as they arrive, and
// whether the server has ended the stream.
import {
  FIREWALL_ACCESS_LOG_PATH,
  FIREWALL_ACCESS_STREAM_PATH,
  type FirewallSettings,
  type FirewallAccessEntry,
  type FirewallAccessRecord,
} from '@gatehouse/contracts';
import type { TestApp } from '../helpers/test-app.js';
import { vi } from 'vitest';

/** Firewall settings that turn the shop's Firewall on for `host`, its origin the shop itself. */
export const firewallOn = (shop: string, host: string): FirewallSettings => ({
  enabled: true,
  origin: `https://${shop}`,
  hosts: [host],
  enforce: [],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
});

/** One allowed request for `url`, as a firewall reports it. */
export const accessRecord = (shopId: string, url: string): FirewallAccessRecord => ({
  shopId,
  time: Date.now(),
  ip: '8.8.8.8',
  country: 'US',
  asn: 15169,
  method: 'GET',
  url,
  status: 200,
  action: 'allow',
  rule: null,
  bytes: 512,
  durationMs: 3.25,
});

/** Sends a batch of access log entries as a firewall does, with the firewall key. */
export function sendAccessLog(t: TestApp, entries: FirewallAccessRecord[]) {
  return t.app.inject({
    method: 'POST',
    url: FIREWALL_ACCESS_LOG_PATH,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${t.config.firewall.key}`,
    },
    payload: JSON.stringify({ entries }),
  });
}

/** Opens the live tail; `events` fills with the entries each event carries. */
export async function openTail(
  appUrl: string,
  token: string | null,
  query: Record<string, string> = {},
  accept = true,
) {
  const abort = new AbortController();
  const search = new URLSearchParams(query).toString();
  const response = await fetch(`${appUrl}${FIREWALL_ACCESS_STREAM_PATH}?${search}`, {
    headers: {
      ...(accept ? { accept: 'text/event-stream' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: abort.signal,
  });
  const events: FirewallAccessEntry[][] = [];
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
            events.push((JSON.parse(data[1]!) as { entries: FirewallAccessEntry[] }).entries);
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

/**
 * How long a test waits for what a change's announcement does to a live tail: far below the
 * stream's own check every minute, so only the announcement can do it in time, and far above
 * what a loaded machine takes.
 */
export const ANNOUNCED_WITHIN_MS = 20_000;

/** Polls `check` every 20 ms until it holds, for at most `ms`. */
export async function waitFor(check: () => boolean, ms: number) {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error('not reached in time');
    },
    { timeout: ms, interval: 20 },
  );
}
