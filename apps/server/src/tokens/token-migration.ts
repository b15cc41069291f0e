// Moves every shop still holding a non-expiring offline token to an expiring pair, before the
// platform stops accepting non-expiring tokens: a job, hourly and once when an instance starts
// (every instance may send it; the queue runs one at a time). Each shop is migrated under its
// row lock, so a shop already migrated (by this job elsewhere, or by a call that met a 401) is
// skipped, and running it again changes nothing. A migration whose answer was lost leaves the
// old token stored; the next attempt sends it again and the platform, within seven days,
// answers with the same pair. Shops the platform refuses are marked dead (the merchant is asked
// to reconnect); a shop that failed for a passing reason makes the job fail, to be retried.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { shops } from '../db/schema.js';
import type { MigrationOutcome } from './offline-token-keeper.js';

export const TOKEN_MIGRATION_JOB = 'offline-token-migration';

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
        const pending = await app.db
          .select({ domain: shops.domain })
          .from(shops)
          .where(
            and(
              eq(shops.tokenState, 'non-expiring'),
              isNull(shops.uninstalledAt),
              isNotNull(shops.accessTokenCiphertext),
            ),
          );
        const counts: Record<MigrationOutcome | 'failed', number> = {
          migrated: 0,
          'already-expiring': 0,
          dead: 0,
          'not-installed': 0,
          failed: 0,
        };
        for (const { domain } of pending) {
          try {
            counts[await app.tokens.migrate(domain)] += 1;
          } catch (error) {
            counts.failed += 1;
            app.log.warn({ err: error, shop: domain }, 'offline token migration failed; retried');
          }
        }
        app.log.info({ shops: pending.length, ...counts }, 'offline token migration ran');
        if (counts.failed > 0) {
          throw new Error(`${counts.failed} of ${pending.length} shops could not be migrated yet`);
        }
        return { shops: pending.length, ...counts };
      },
    });
    // After the job queue's own onReady (registered first), so the queue is started.
    app.addHook('onReady', async () => {
      await app.jobs.send(TOKEN_MIGRATION_JOB, {}, { singletonKey: 'start', throttleSeconds: 60 });
    });
  },
  { name: 'token-migration', dependencies: ['db', 'platform', 'jobs'] },
);
