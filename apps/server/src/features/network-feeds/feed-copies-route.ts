// GET /api/firewall/feeds: the stored good copies of the network feeds, for the firewall
// instances, which classify addresses with the same table, rules and feeds as the storefront's
// decisions without calling the publishers themselves. Only the firewalls may read it (the
// firewall key). The ETag names the set of copies (each feed's name and when its copy was
// stored), so a firewall holding the current copies is answered 304 without a body; with
// `?wait=N` it is a long poll (`app.longPolls`) answered when a refresh stores a new copy on
// any instance (the feeds channel) or after N seconds. The reply is built once per version of
// the copies and shared by every firewall that asks for it.
import { createHash } from 'node:crypto';
import { FIREWALL_FEEDS_PATH } from '@gatehouse/contracts';
import { FEEDS } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { requireFirewallKey } from '../../core/http/firewall-key.js';
import { feedCopiesCache, storedFeedsVersion } from './feed-store.js';

/** Told of every refresh that stored a new copy of a feed. */
export const FEEDS_CHANGED_CHANNEL = 'gatehouse_feeds';
/** The name the copies' waiting reads are counted under (`app.longPolls.waiting`). */
export const FEED_COPIES_POLLS = 'firewall-feeds';

const tagOf = (version: string) => `"${createHash('sha256').update(version).digest('base64url')}"`;

export async function feedCopiesRoute(app: FastifyInstance): Promise<void> {
  const copies = feedCopiesCache(app.db, FEEDS);
  app.get(FIREWALL_FEEDS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    requireFirewallKey(request.headers.authorization, app.config.firewall.key);
    return app.longPolls.answer(request, reply, {
      name: FEED_COPIES_POLLS,
      channel: FEEDS_CHANGED_CHANNEL,
      tag: async () => tagOf(await storedFeedsVersion(app.db)),
      read: async () => {
        const { version, body } = await copies();
        return { etag: tagOf(version), body };
      },
    });
  });
}
