// `app.longPolls`: documents the firewall instances follow (their policy snapshot, the network
// feeds' copies) read as conditional long polls. A read names the ETag it holds; when that is
// still current and the read asks to wait (`?wait=N`, 1 to 55 seconds), the answer waits until a
// message arrives on the document's channel (LISTEN/NOTIFY between server instances, in-process
// on PGlite; a moment to settle, so a save touching several tables is answered once) or the wait
// ends, and then answers the document as it is by then: 304 when still unchanged. The server's
// close answers every waiting read at once. How many reads of each document wait now is kept,
// for the status of the instance and for tests that must know a firewall is waiting.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.js';

/** Changes close together are answered as one. */
const SETTLE_MS = 100;
const WAIT = /^[1-9]\d?$/;
const MAX_WAIT_SECONDS = 55;

export interface LongPollDocument {
  /** The document's name, under which its waiting reads are counted. */
  name: string;
  /** The notify channel that tells of a change. */
  channel: string;
  /** The ETag of the document as it is now (cheaper than the document where it can be). */
  tag(): Promise<string>;
  /** The document as it is now, and its ETag, read together. */
  read(): Promise<{ etag: string; body: string }>;
}

export interface LongPolls {
  /** Answers a read of the document as described above. */
  answer(request: FastifyRequest, reply: FastifyReply, document: LongPollDocument): Promise<void>;
  /** Reads of the document waiting now. */
  waiting(name: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    longPolls: LongPolls;
  }
}

export const longPollsPlugin = fp(
  async (app) => {
    /** Per document, the waiting reads' ends. */
    const waiting = new Map<string, Set<() => void>>();

    /** Resolves on the next change, after `ms`, when the caller leaves, or at the close. */
    function nextChange(request: FastifyRequest, document: LongPollDocument, ms: number) {
      const reads = waiting.get(document.name) ?? new Set<() => void>();
      waiting.set(document.name, reads);
      return new Promise<void>((resolve) => {
        let settle: NodeJS.Timeout | null = null;
        const done = () => {
          reads.delete(done);
          clearTimeout(timer);
          if (settle) clearTimeout(settle);
          unsubscribe();
          request.raw.off('close', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        const unsubscribe = app.notify.subscribe(document.channel, () => {
          settle ??= setTimeout(done, SETTLE_MS);
        });
        request.raw.once('close', done);
        reads.add(done);
      });
    }

    app.addHook('preClose', async () => {
      for (const reads of waiting.values()) for (const done of [...reads]) done();
    });

    app.decorate('longPolls', {
      waiting: (name: string) => waiting.get(name)?.size ?? 0,
      async answer(request: FastifyRequest, reply: FastifyReply, document: LongPollDocument) {
        const wait = (request.query as Record<string, unknown> | undefined)?.wait;
        if (
          wait !== undefined &&
          (typeof wait !== 'string' || !WAIT.test(wait) || Number(wait) > MAX_WAIT_SECONDS)
        ) {
          throw badRequest(`wait must be a whole number of seconds from 1 to ${MAX_WAIT_SECONDS}.`);
        }
        const known = request.headers['if-none-match'];
        let tag = await document.tag();
        if (wait !== undefined && known === tag) {
          await nextChange(request, document, Number(wait) * 1000);
          if (request.raw.destroyed) return reply.code(304).send();
          tag = await document.tag();
        }
        void reply.header('cache-control', 'no-store');
        if (known === tag) return reply.header('etag', tag).code(304).send();
        const current = await document.read();
        void reply.header('etag', current.etag);
        if (known === current.etag) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(current.body);
      },
    });
  },
  { name: 'long-polls', dependencies: ['notify'] },
);
