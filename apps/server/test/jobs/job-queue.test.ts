// The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a job
// runs and keeps its output, a job that throws is retried with backoff and ends failed where
// anyone can see it, a job sent in a transaction exists only if the transaction commits, and
// the OAuth callback's post-install job writes the storefront's app metafield.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { waitFor } from '../helpers/billing.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { gql } from '../../src/core/platform/gql.js';

let t: TestApp;
const seen: { queue: string; id: string; retryCount: number; data: object }[] = [];

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_INTERVAL_SECONDS: '0.5' }, {}, (app) => {
    void app.jobs.define<{ n: number }>({
      name: 'test-echo',
      async handle(job) {
        seen.push({ queue: 'test-echo', ...job });
        return { doubled: job.data.n * 2 };
      },
    });
    void app.jobs.define({
      name: 'test-broken',
      retryLimit: 2,
      retryDelaySeconds: 1,
      retryBackoff: true,
      async handle(job) {
        seen.push({ queue: 'test-broken', ...job });
        throw new Error(`broken on attempt ${job.retryCount + 1}`);
      },
    });
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the job queue', () => {
  it('runs a job and keeps its output', async () => {
    expect(await t.app.jobs.run('test-echo', { n: 21 })).toEqual({ doubled: 42 });
    expect(seen.filter((s) => s.queue === 'test-echo')).toEqual([
      expect.objectContaining({ data: { n: 21 }, retryCount: 0 }),
    ]);
  });

  it('retries a job that throws, then leaves it failed with the error', async () => {
    const id = (await t.app.jobs.send('test-broken'))!;
    await waitFor(
      async () => (await t.app.jobs.find('test-broken', id))?.state === 'failed',
      30_000,
    );
    const attempts = seen.filter((s) => s.queue === 'test-broken' && s.id === id);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    const job = await t.app.jobs.find('test-broken', id);
    expect(job).toMatchObject({ state: 'failed', retryCount: 2, retryLimit: 2 });
    expect(job!.output).toEqual({ message: 'broken on attempt 3' });
    await expect(t.app.jobs.run('test-broken')).rejects.toThrow(/failed.*broken on attempt 3/);
  });

  it('sends a job with a transaction: only a committed one exists and runs', async () => {
    let rolledBack: string | null = null;
    await expect(
      t.app.db.transaction(async (tx) => {
        rolledBack = await t.app.jobs.send('test-echo', { n: 1 }, { tx });
        await tx.execute(sql`select 1`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(rolledBack).toEqual(expect.any(String));
    expect(await t.app.jobs.find('test-echo', rolledBack!)).toBeNull();

    const committed = await t.app.db.transaction((tx) =>
      t.app.jobs.send('test-echo', { n: 2 }, { tx }),
    );
    await waitFor(
      async () => (await t.app.jobs.find('test-echo', committed!))?.state === 'completed',
    );
    expect((await t.app.jobs.find('test-echo', committed!))!.output).toEqual({ doubled: 4 });
    expect(seen.some((s) => s.id === rolledBack)).toBe(false);
  });

  it("the post-install job sets the storefront's api_origin metafield after sign-in", async () => {
    const shop = await t.signIn('post-install-store');
    const query = gql`
      query {
        currentAppInstallation {
          metafield(namespace: "gatehouse", key: "api_origin") {
            value
          }
        }
      }
    `;
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
    const token = t.app.tokens.accessTokenOf(row!)!;
    const origin = async () => {
      const data = await t.app.platform.graphql<{
        currentAppInstallation: { metafield: { value: string } | null };
      }>(shop.shop, token, query);
      return data.currentAppInstallation.metafield?.value ?? null;
    };
    await waitFor(async () => (await origin()) !== null, 20_000);
    expect(await origin()).toBe(t.config.appUrl);
  });
});
