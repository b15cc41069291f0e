// Moves every shop still holding a non-expiring offline token to an expiring pair, before the
// platform stops accepting non-expiring tokens: a job, hourly and once when an instance starts
// (every instance may send it; the queue runs one at a time). Each shop is migrated under its
// row lock, so a shop already migrated (by this job elsewhere, or by a call that met a 401) is
// skipped, and running it again changes nothing. A migration whose answer was lost leaves the
// old token stored; the next attempt sends it again and the platform, within seven days,
// answers with the same pair. Shops the platform refuses are marked dead (the merchant is asked
// to reconnect); a shop that failed for a passing reason makes the job fail, to be retried.
// The same run refreshes the pair of every shop whose refresh token would expire within a week
// (a shop Gatehouse made no call for in months), since a refresh gives a new refresh token with
// its own expiry and an expired one could only be replaced by the merchant signing in again.
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { shops } from '../db/schema.js';
import type { MigrationOutcome, UpkeepOutcome } from './offline-token-keeper.js';

export const TOKEN_MIGRATION_JOB = 'offline-token-migration';
/** A pair whose refresh token expires within this long is refreshed by the job. */
export const REFRESH_TOKEN_UPKEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const tokenMigrationPlugin = fp(
  async (app) => {
    await app.jobs.define({
      name: TOKEN_MIGRATION_JOB,
      schedule: '41 * * * *',
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      retryDelayMaxSeconds: 30 * 60,
      async handle() {
        const installed = and(isNull(shops.uninstalledAt), isNotNull(shops.accessTokenCiphertext));
        const pending = await app.db
          .select({ domain: shops.domain })
          .from(shops)
          .where(and(eq(shops.tokenState, 'non-expiring'), installed));
        const before = new Date(Date.now() + REFRESH_TOKEN_UPKEEP_MS);
        const aging = await app.db
          .select({ domain: shops.domain })
          .from(shops)
          .where(
            and(
              eq(shops.tokenState, 'expiring'),
              installed,
              lt(shops.refreshTokenExpiresAt, before),
            ),
          );
        const counts: Record<MigrationOutcome | UpkeepOutcome | 'failed', number> = {
          migrated: 0,
          'already-expiring': 0,
          refreshed: 0,
          fresh: 0,
          dead: 0,
          'not-installed': 0,
          failed: 0,
        };
        const work = [
          ...pending.map(({ domain }) => ({ domain, run: () => app.tokens.migrate(domain) })),
          ...aging.map(({ domain }) => ({
            domain,
            run: () => app.tokens.refreshAging(domain, before),
          })),
        ];
        for (const { domain, run } of work) {
          try {
            counts[await run()] += 1;
          } catch (error) {
            counts.failed += 1;
            app.log.warn({ err: error, shop: domain }, 'offline token upkeep failed; retried');
          }
        }
        app.log.info({ shops: pending.length, aging: aging.length, ...counts }, 'token upkeep ran');
        if (counts.failed > 0) {
          throw new Error(
            `${counts.failed} of ${work.length} shops' tokens could not be renewed yet`,
          );
        }
        return { shops: pending.length, aging: aging.length, ...counts };
      },
    });
    // After the job queue's own onReady (registered first), so the queue is started.
    app.addHook('onReady', async () => {
      await app.jobs.send(TOKEN_MIGRATION_JOB, {}, { singletonKey: 'start', throttleSeconds: 60 });
    });
  },
  { name: 'token-migration', dependencies: ['db', 'platform', 'jobs'] },
);
