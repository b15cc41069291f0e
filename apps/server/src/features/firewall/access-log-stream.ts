// GET /api/fwAccessLog/stream: the Realtime Access Log's live tail as server-sent events. The
// admin opens it with its authenticated fetch, so the session's bearer token travels in the
// Authorization header as on every other call and never in a URL (no address bar, history,
// Referer or access log ever holds it). The stream ends at once when the session or the plan
// no longer allows it: a logout, an uninstall or a plan change on any instance is announced on
// the access channel (sessions/access-changes.ts), and every stream of that shop checks its
// session and plan again before it sends anything more; a check every minute also ends a
// session that simply expired. The Firewall plan feature, the filters (400) and
// `Accept: text/event-stream` (406) are checked before the stream opens, and at most
// STREAMS_PER_SHOP are open per shop on an instance (429).
//
// Every instance hears each stored batch on the log channel (LISTEN/NOTIFY on PostgreSQL,
// in-process on PGlite) and each of its streams for that shop reads the entries after the
// last one it sent, under its filters, and sends them as one `entries` event. It follows the
// entries in the order their batches committed (access-log-store.ts), not by id alone, so a
// batch that commits after one with higher ids is still sent. A comment line
// every 15 s keeps proxies from closing an idle stream.
import {
  FIREWALL_ACCESS_EVENT,
  FIREWALL_ACCESS_STREAM_PATH,
  firewallAccessMessages,
  firewallAccessStreamRequest,
  type FirewallAccessEntry,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { planIncludes } from '@gatehouse/contracts';
import { notAcceptable, tooManyRequests } from '../../core/errors.js';
import { assertCleanRequest } from '../../core/http/route.js';
import { requireFeature } from '../../core/plan-gates.js';
import { bearerToken } from '../../core/plugins/auth.js';
import { ACCESS_CHANGED_CHANNEL } from '../../core/sessions/access-changes.js';
import { findSession } from '../../core/sessions/sessions.js';
import { shopOfSession } from '../../core/shops.js';
import type { FirewallAccessRow } from './access-log-schema.js';
import { entryOf, readTail, tailHorizon, tailStart } from './access-log-store.js';

const STREAMS_PER_SHOP = 5;
const READ_LIMIT = 200;
const HEARTBEAT_MS = 15_000;
const SESSION_CHECK_MS = 60_000;

export interface AccessLogStreamOptions {
  channel: string;
  label: (kind: string) => string;
}

export async function accessLogStream(
  app: FastifyInstance,
  options: AccessLogStreamOptions,
): Promise<void> {
  const open = new Map<string, number>();
  const streams = new Set<ServerResponse>();

  // Open streams would hold the server's close: they end first.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(FIREWALL_ACCESS_STREAM_PATH, async (request, reply) => {
    const session = await app.authenticate(request);
    const shop = await shopOfSession(app.db, session);
    requireFeature(shop, 'firewall');
    assertCleanRequest(request);
    const { after, from, ...filters } = firewallAccessStreamRequest.parse(request.query ?? {});
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      throw notAcceptable(firewallAccessMessages.stream);
    }
    if ((open.get(shop.id) ?? 0) >= STREAMS_PER_SHOP) {
      throw tooManyRequests(firewallAccessMessages.tooManyStreams);
    }
    let position = await tailStart(app.db, shop.id, {
      after: after === undefined ? null : Number(after),
      from: from ?? null,
    });
    const token = bearerToken(request.headers.authorization) ?? '';

    open.set(shop.id, (open.get(shop.id) ?? 0) + 1);
    reply.hijack();
    const raw = reply.raw;
    streams.add(raw);
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    // The browser's reconnect delay, and a first byte so the client knows the stream is open.
    raw.write('retry: 2000\n\n');

    let closed = false;
    let reading = false;
    let again = false;
    /** The session and plan being checked again: nothing is sent until it is done. */
    let checking: Promise<void> = Promise.resolve();
    const end = () => {
      closed = true;
      raw.end();
    };
    const send = (rows: FirewallAccessRow[]) => {
      const entries: FirewallAccessEntry[] = rows.map((row) => entryOf(row, options.label));
      const id = position.id;
      raw.write(
        `event: ${FIREWALL_ACCESS_EVENT}\nid: ${id}\ndata: ${JSON.stringify({ entries })}\n\n`,
      );
    };
    // One read at a time; a message during a read makes it read again after.
    async function pump() {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          // Every page of one pass reads up to the same horizon: what ended after it is read
          // by the next pass, which a stored batch's message asks for.
          const horizon = await tailHorizon(app.db);
          for (;;) {
            const rows = await readTail(app.db, shop.id, filters, position, READ_LIMIT, horizon);
            await checking;
            if (closed || rows.length === 0) break;
            const newest = rows[rows.length - 1]!;
            position = { tx: newest.tx, id: newest.row.id };
            send(rows.map((r) => r.row));
            if (rows.length < READ_LIMIT) break;
          }
        } while (again && !closed);
      } catch (error) {
        request.log.warn({ err: error }, 'access log stream could not read');
      } finally {
        reading = false;
      }
    }

    const unsubscribe = app.notify.subscribe(options.channel, (payload) => {
      if (payload === null || payload === shop.id) void pump();
    });
    /** Ends the stream unless the session is still live and its shop's plan has the Firewall. */
    const check = () => {
      checking = checking.then(async () => {
        if (closed) return;
        try {
          const still = await findSession(app.db, token);
          const plan = still ? await shopOfSession(app.db, still).then((s) => s.plan) : null;
          if (plan === null || !planIncludes(plan, 'firewall')) end();
        } catch (error) {
          // Unsure whether it may go on: the stream ends, and the admin opens it again.
          request.log.warn({ err: error }, 'access log stream could not check its session');
          end();
        }
      });
    };
    const unsubscribeAccess = app.notify.subscribe(ACCESS_CHANGED_CHANNEL, (payload) => {
      if (payload === null || payload === shop.id) check();
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    const sessionCheck = setInterval(check, SESSION_CHECK_MS);
    raw.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      unsubscribe();
      unsubscribeAccess();
      streams.delete(raw);
      const count = (open.get(shop.id) ?? 1) - 1;
      if (count > 0) open.set(shop.id, count);
      else open.delete(shop.id);
    });
    // Entries stored between the caller's history read and now.
    void pump();
  });
}
