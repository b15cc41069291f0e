// The firewall's access log: every request it answered, queued here and sent to the server in
// batches (POST with the firewall key, a time-out on every send) every `flushMs`, or sooner
// when a batch is full. The queue is bounded: when the server is slower than the traffic, or
// down, new entries are dropped rather than held, and drops are counted and logged (once when
// they start and then at most once a minute while they last). A batch the server did not take
// is dropped and counted the same way: the log is best effort and never slows a request.
import {
  FIREWALL_ACCESS_LOG_PATH,
  FIREWALL_ACCESS_BATCH_MAX,
  FIREWALL_ACCESS_URL_MAX,
  type FirewallAccessRecord,
} from '@gatehouse/contracts';

export interface AccessLogStats {
  /** Entries the server took. */
  sent: number;
  /** Entries dropped because the queue was full. */
  droppedFull: number;
  /** Entries of batches the server did not take (down, slow, refused). */
  droppedFailed: number;
  /** Entries waiting now. */
  queued: number;
}

export interface AccessLog {
  record(entry: FirewallAccessRecord): void;
  /** Sends what is queued now (tests; the timer does it otherwise). */
  flush(): Promise<void>;
  stats(): AccessLogStats;
  /** Sends what is queued and stops. */
  close(): Promise<void>;
}

export interface AccessLogOptions {
  url: string;
  key: string;
  flushMs: number;
  maxQueued: number;
  timeoutMs: number;
  batchSize?: number;
  log: { warn(obj: object, msg: string): void };
}

const DROP_LOG_MS = 60_000;

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    // A lone surrogate: the replacement character.
    return '%EF%BF%BD';
  }
}

/**
 * A URL as the log keeps it: characters outside printable ASCII percent-encoded (so no control
 * or direction character reaches a screen) and cut to FIREWALL_ACCESS_URL_MAX.
 */
export function loggedUrl(url: string): string {
  const safe = /^[\x21-\x7e]*$/.test(url) ? url : url.replace(/[^\x21-\x7e]/gu, encodeChar);
  return safe.length > FIREWALL_ACCESS_URL_MAX ? safe.slice(0, FIREWALL_ACCESS_URL_MAX) : safe;
}

export function createAccessLog(options: AccessLogOptions): AccessLog {
  const batchSize = Math.min(
    options.batchSize ?? FIREWALL_ACCESS_BATCH_MAX,
    FIREWALL_ACCESS_BATCH_MAX,
  );
  let queue: FirewallAccessRecord[] = [];
  const counts = { sent: 0, droppedFull: 0, droppedFailed: 0 };
  let lastDropLog = 0;
  let sending: Promise<void> | null = null;
  let closed = false;

  function noteDrop(reason: string, error?: unknown) {
    const now = Date.now();
    if (now - lastDropLog < DROP_LOG_MS) return;
    lastDropLog = now;
    options.log.warn(
      { err: error, droppedFull: counts.droppedFull, droppedFailed: counts.droppedFailed },
      `access log entries dropped: ${reason}`,
    );
  }

  async function post(batch: FirewallAccessRecord[]) {
    try {
      const response = await fetch(`${options.url}${FIREWALL_ACCESS_LOG_PATH}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ entries: batch }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      counts.sent += batch.length;
    } catch (error) {
      counts.droppedFailed += batch.length;
      noteDrop('the server did not take a batch', error);
    }
  }

  async function sendAll() {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      await post(batch);
    }
  }

  function flush(): Promise<void> {
    if (!sending) {
      sending = sendAll().finally(() => {
        sending = null;
      });
    }
    return sending;
  }

  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    record(entry) {
      if (closed) return;
      if (queue.length >= options.maxQueued) {
        counts.droppedFull += 1;
        noteDrop('the queue is full');
        return;
      }
      queue.push(entry);
      if (queue.length >= batchSize) void flush();
    },
    flush: async () => {
      await flush();
      // Entries queued while that send was under way.
      if (queue.length > 0) await flush();
    },
    stats: () => ({ ...counts, queued: queue.length }),
    async close() {
      closed = true;
      clearInterval(timer);
      await sending;
      await flush();
    },
  };
}
