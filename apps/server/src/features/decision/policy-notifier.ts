// Tells every server instance that a shop's rules changed, so each rebuilds its compiled
// policy. On Postgres: NOTIFY on channel `gatehouse_policy` (payload: the shop id) and one
// dedicated LISTEN connection per instance, reconnected after errors (after a reconnect every
// cached policy is refreshed, since notifications sent while disconnected are lost). On PGlite
// there is only ever one process, so the change is applied in-process and nothing is sent.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.js';

export const POLICY_CHANNEL = 'gatehouse_policy';
const RECONNECT_MS = 5000;

export interface PolicyNotifier {
  /** Tells the other instances (and, on Postgres, this one) that the shop changed. */
  publish(shopId: string): Promise<void>;
  close(): Promise<void>;
}

export interface NotifierHandlers {
  onChange(shopId: string): void;
  /** The listener (re)connected: anything may have changed meanwhile. */
  onResync(): void;
}

export function createLocalNotifier(): PolicyNotifier {
  return { publish: async () => {}, close: async () => {} };
}

export function createPostgresNotifier(
  databaseUrl: string,
  db: Database,
  handlers: NotifierHandlers,
  log: FastifyBaseLogger,
): PolicyNotifier {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let connectedOnce = false;

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', (error) => {
      log.warn({ err: error }, 'policy listener connection lost; reconnecting');
      if (client === next) client = null;
      void next.end().catch(() => {});
      schedule();
    });
    next.on('notification', (message) => {
      if (message.channel === POLICY_CHANNEL && message.payload) handlers.onChange(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${POLICY_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      if (connectedOnce) handlers.onResync();
      connectedOnce = true;
    } catch (error) {
      log.warn({ err: error }, 'policy listener could not connect; retrying');
      await next.end().catch(() => {});
      schedule();
    }
  }

  const ready = connect();

  return {
    async publish(shopId) {
      await db.execute(sql`select pg_notify(${POLICY_CHANNEL}, ${shopId})`);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
