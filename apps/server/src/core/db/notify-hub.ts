// Messages between server instances on named channels. On Postgres: NOTIFY (pg_notify) to
// send, and one dedicated LISTEN connection per instance that listens on every channel a
// subscriber asked for, reconnected after errors; after a reconnect each subscriber is told
// `null` (messages sent while disconnected are lost, so anything may have changed). On PGlite
// there is only ever one process: a message goes straight to this process's subscribers.
// Subscribers are called asynchronously, never inside `publish`.
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client.js';

const RECONNECT_MS = 5000;
const CONNECT_TIMEOUT_MS = 10_000;
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

/** `payload` is null after the listener reconnected: re-read whatever the channel tells of. */
export type NotifyListener = (payload: string | null) => void;

export interface NotifyHub {
  /** Messages reach other processes (PostgreSQL); false when this process is the only one. */
  readonly shared: boolean;
  publish(channel: string, payload: string): Promise<void>;
  /** Answers the function that ends the subscription. */
  subscribe(channel: string, listener: NotifyListener): () => void;
  close(): Promise<void>;
}

function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

export function createLocalHub(): NotifyHub {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    shared: false,
    async publish(channel, payload) {
      checkChannel(channel);
      setImmediate(() => events.emit(channel, payload));
    },
    subscribe(channel, listener) {
      checkChannel(channel);
      events.on(channel, listener);
      return () => events.off(channel, listener);
    },
    async close() {
      events.removeAllListeners();
    },
  };
}

export function createPostgresHub(
  databaseUrl: string,
  db: Database,
  log: FastifyBaseLogger,
): NotifyHub {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let connectedOnce = false;
  /** The channels the current connection listens on. */
  let listening = new Set<string>();

  /** The LISTENs sent so far: one at a time, since a connection runs one query at a time. */
  let listens: Promise<void> = Promise.resolve();

  /** LISTEN on every channel asked for that the connection does not listen on yet. */
  function listenAll(on: pg.Client): Promise<void> {
    const run = listens.then(async () => {
      for (const channel of channels) {
        if (listening.has(channel)) continue;
        listening.add(channel);
        await on.query(`LISTEN ${channel}`);
      }
    });
    listens = run.catch(() => {});
    return run;
  }

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connecting = connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'notification listener connection lost; reconnecting');
      if (client === next) client = null;
      void next.end().catch(() => {});
      schedule();
    });
    next.on('notification', (message) => {
      events.emit(message.channel, message.payload ?? '');
    });
    try {
      await next.connect();
      listening = new Set();
      await listenAll(next);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      // Channels asked for while connecting.
      await listenAll(next);
      if (connectedOnce) for (const channel of channels) events.emit(channel, null);
      connectedOnce = true;
    } catch (error) {
      log.warn({ err: error }, 'notification listener could not connect; retrying');
      await next.end().catch(() => {});
      schedule();
    }
  }

  return {
    shared: true,
    async publish(channel, payload) {
      checkChannel(channel);
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    subscribe(channel, listener) {
      checkChannel(channel);
      events.on(channel, listener);
      if (!channels.has(channel)) {
        channels.add(channel);
        if (!connecting) connecting = connect();
        else if (client) {
          const on = client;
          void listenAll(on).catch((error: unknown) => {
            log.warn({ err: error, channel }, 'could not listen; reconnecting');
            if (client === on) client = null;
            void on.end().catch(() => {});
            schedule();
          });
        }
      }
      return () => events.off(channel, listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting;
      await client?.end().catch(() => {});
      client = null;
      events.removeAllListeners();
    },
  };
}
