// Offline-token set-ups the token tests share: a shop whose row holds a non-expiring token,
// as every shop installed before Gatehouse asked for expiring tokens has, and the shop's row.
import { eq, sql } from 'drizzle-orm';
import { shops, type Shop } from '../../src/core/db/schema.js';
import { JOB_SCHEMA } from '../../src/core/jobs/job-schema.js';
import { POST_INSTALL_JOB } from '../../src/core/jobs/post-install.js';
import { TOKEN_MIGRATION_JOB } from '../../src/core/tokens/token-migration.js';
import { waitFor } from '../helpers/billing.js';
import { nonExpiringGrant } from '../helpers/non-expiring-grant.js';
import type { TestApp } from '../helpers/test-app.js';

export async function shopRow(t: TestApp, domain: string): Promise<Shop> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  if (!row) throw new Error(`no shop row for ${domain}`);
  return row;
}

/**
 * Gives an installed shop a non-expiring token on the platform and stores it the way the
 * server did before expiring tokens: no expiry, no refresh token.
 */
export async function withNonExpiringToken(t: TestApp, domain: string): Promise<string> {
  const { accessToken } = await t.emulator.issueNonExpiringToken(domain);
  const row = await shopRow(t, domain);
  await t.app.db
    .update(shops)
    .set(t.app.tokens.sealed(nonExpiringGrant(accessToken, row.grantedScopes), domain))
    .where(eq(shops.id, row.id));
  return accessToken;
}

/** The platform's token grants for the shop since install. */
export async function grantsOf(t: TestApp, domain: string) {
  const state = await t.emulator.shop(domain);
  return state.installation?.grants ?? { authorizationCode: 0, refresh: 0, migration: 0 };
}

export const AFTER_CUTOFF = '2027-01-02T00:00:00Z';

/**
 * Waits until no job that may use or renew a shop's token behind a test's back is waiting or
 * running: the migration each instance sends at start, the post-install step of a sign-in.
 */
export async function afterStartJobs(t: TestApp): Promise<void> {
  const names = [TOKEN_MIGRATION_JOB, POST_INSTALL_JOB];
  await waitFor(async () => {
    const result = await t.app.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job
          where name in (${sql.join(names, sql`, `)}) and state in ('created', 'retry', 'active')`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n === 0;
  }, 30_000);
}
