// A document the firewall follows on the server (the policy snapshot, the network feeds'
// copies), read over HTTP with the firewall key. The read is a conditional long poll
// (`waitSeconds`): the server answers at once when its document differs from the one held here
// (by ETag), and otherwise as soon as it changes, or 304 after the wait; the next read follows
// at once. With `waitSeconds` 0 it is re-read every `refreshMs` instead. After a failure the
// next read waits `refreshMs`. Requests never wait on it: whoever uses the document keeps what
// `apply` made of the last good one. When the server cannot be reached, or answers a document
// `apply` refuses, the last good one stays; each good document is also written to `cacheFile`
// (with its ETag beside it), read back at start, so a firewall restarted while the server is
// down still has it, and one restarted while it is up is answered 304 when nothing changed.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface FollowStatus {
  /** When a document last arrived (or was confirmed unchanged); null before the first. */
  loadedAt: number | null;
  /** Failed reads since the last success. */
  failures: number;
  /** The document in force came from the cache file, not (yet) from the server. */
  fromCache: boolean;
}

export interface Follower {
  /** Settles after the first read, whatever its outcome. */
  readonly firstRead: Promise<void>;
  /** Reads the document now (tests; the loop does it otherwise). */
  refresh(): Promise<void>;
  status(): FollowStatus;
  close(): void;
}

export interface FollowLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Where and how often a document is read: what its owner is configured with. */
export interface FollowSettings {
  /** The server's origin. */
  url: string;
  key: string;
  refreshMs: number;
  timeoutMs: number;
  /** How long the server may hold a read until something changes; 0 polls every refreshMs. */
  waitSeconds?: number;
  /** Where the last good document is kept across restarts; none when absent. */
  cacheFile?: string | null;
  log: FollowLog;
}

export interface FollowOptions extends FollowSettings {
  /** The document's path on the server. */
  path: string;
  /** What the document is, in log lines ("policies", "network feeds"). */
  what: string;
  /**
   * Takes a document (read, or from the cache file) into use; throws or rejects when it is not
   * one, and the last good one stays. Called once at a time, in the order documents arrive.
   */
  apply(text: string): void | Promise<void>;
}

const MIN_GAP_MS = 250;

export function follow(options: FollowOptions): Follower {
  const { log, what } = options;
  let etag: string | null = null;
  let loadedAt: number | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let fromCache = false;
  const stop = new AbortController();
  const waitSeconds = options.waitSeconds ?? 0;
  const cacheFile = options.cacheFile ?? null;

  /** Reads the cache file; applied in place when `apply` is synchronous. */
  function loadCache(): void | Promise<void> {
    if (!cacheFile) return;
    const failed = (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn({ err: error, cacheFile }, `the cached ${what} could not be read`);
      }
    };
    const taken = () => {
      fromCache = true;
      etag = readEtag();
    };
    try {
      const applied = options.apply(readFileSync(cacheFile, 'utf8'));
      if (!applied) return taken();
      return applied.then(taken, failed);
    } catch (error) {
      failed(error);
    }
  }

  function readEtag(): string | null {
    try {
      return readFileSync(`${cacheFile}.etag`, 'utf8').trim() || null;
    } catch {
      return null;
    }
  }

  /** Written without blocking: a document can be megabytes. */
  async function saveCache(text: string, tag: string | null) {
    if (!cacheFile) return;
    const write = async (file: string, content: string) => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, content, { mode: 0o600 });
      await rename(temporary, file);
    };
    try {
      await mkdir(dirname(cacheFile), { recursive: true });
      // The tag is emptied first, so a stop midway never pairs a tag with another document.
      await write(`${cacheFile}.etag`, '');
      await write(cacheFile, text);
      await write(`${cacheFile}.etag`, tag ?? '');
    } catch (error) {
      log.warn({ err: error, cacheFile }, `the ${what} could not be cached`);
    }
  }

  async function read(wait: number): Promise<void> {
    const query = wait > 0 ? `?wait=${wait}` : '';
    const response = await fetch(`${options.url}${options.path}${query}`, {
      headers: {
        authorization: `Bearer ${options.key}`,
        ...(etag ? { 'if-none-match': etag } : {}),
      },
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs + wait * 1000), stop.signal]),
    });
    if (response.status === 304) {
      await response.body?.cancel();
      fromCache = false;
      return;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the ${what} source answered ${response.status}`);
    }
    const text = await response.text();
    await options.apply(text);
    fromCache = false;
    etag = response.headers.get('etag');
    await saveCache(text, etag);
  }

  /** Answers whether the read succeeded. */
  async function refresh(wait = 0): Promise<boolean> {
    try {
      await read(wait);
      loadedAt = Date.now();
      failures = 0;
      return true;
    } catch (error) {
      if (closed) return false;
      failures += 1;
      // Once a minute or so while it lasts, not on every attempt.
      if (failures === 1 || failures % 30 === 0) {
        log.warn({ err: error, failures }, `${what} source unreachable; keeping the last ${what}`);
      }
      return false;
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    });

  async function loop() {
    while (!closed) {
      const started = Date.now();
      const ok = await refresh(waitSeconds);
      if (closed) return;
      // After a failure, or when polling, wait; a long poll goes on at once, though never
      // faster than MIN_GAP_MS (a source that does not hold the read).
      if (!ok || waitSeconds === 0) await pause(options.refreshMs);
      else await pause(Math.max(0, MIN_GAP_MS - (Date.now() - started)));
    }
  }

  const cached = loadCache();
  // The first read does not wait: it is what the firewall starts with.
  const firstRead = Promise.resolve(cached)
    .then(() => refresh())
    .then(() => {
      void loop();
    });

  return {
    firstRead,
    refresh: async () => {
      await refresh();
    },
    status: () => ({ loadedAt, failures, fromCache }),
    close() {
      closed = true;
      stop.abort();
      if (timer) clearTimeout(timer);
    },
  };
}
