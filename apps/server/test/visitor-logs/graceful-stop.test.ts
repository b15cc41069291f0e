// A graceful stop writes every visit: those queued and not yet flushed, and those of decisions
// still in flight when the stop began. Checked by reopening the data folder afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeGracefully } from '@gatehouse/graceful-close';
import { openDatabase } from '../../src/core/db/client.js';
import { visits } from '../../src/protection/protection-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp } from '../helpers/test-app.js';

const HOLD = 'x-test-hold-decision';
const folder = mkdtempSync(join(tmpdir(), 'gatehouse-stop-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a graceful stop', () => {
  it('loses no queued visit and none of a decision still in flight', async () => {
    let entered = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const t = await createTestApp(
      {
        DATABASE_URL: '',
        PGLITE_DIR: join(folder, 'pglite'),
        // Nothing is written on a timer or by batch size before the stop.
        VISIT_FLUSH_INTERVAL_MS: '3600000',
        VISIT_FLUSH_BATCH: '100000',
        RATE_LIMIT_DECIDE_PER_MINUTE: '100000',
      },
      {},
      (app) => {
        app.addHook('preHandler', async (request) => {
          if (!request.headers[HOLD]) return;
          entered = true;
          await held;
        });
      },
    );
    const { shop } = await t.signIn('graceful-stop');
    const decide = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/storefront/decide',
        headers: { 'x-forwarded-for': `8.8.4.${n}` },
        query: { shop, url: `https://${shop}/p/${n}`, ref: '' },
      });
    const queued = 25;
    for (let n = 1; n <= queued; n++) expect((await decide(n)).statusCode).toBe(200);
    expect(t.app.visits.metrics).toMatchObject({ queued, written: 0 });

    // A decision that is still being answered when the stop begins.
    const inFlight = fetch(
      `${t.config.appUrl}/api/storefront/decide?${new URLSearchParams({ shop, url: 'https://x/late', ref: '' })}`,
      { headers: { [HOLD]: '1', 'x-forwarded-for': '8.8.4.200' } },
    );
    await vi.waitFor(() => expect(entered).toBe(true));
    const stopping = closeGracefully(t.app, 5_000);
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false));
    release();
    expect((await inFlight).status).toBe(200);
    await stopping;
    await t.stopEmulator();

    const reopened = await openDatabase({ databaseUrl: null, pgliteDir: join(folder, 'pglite') });
    try {
      const [row] = await reopened.db.select().from(shops).where(eq(shops.domain, shop));
      const [stored] = await reopened.db
        .select({ n: count() })
        .from(visits)
        .where(eq(visits.shopId, row!.id));
      expect(stored?.n).toBe(queued + 1);
    } finally {
      await reopened.close();
    }
    // A new PGlite data folder is created, migrated and reopened: far slower than in memory.
  }, 90_000);
});
