// Managed installation: the platform installs the app without an OAuth redirect (the scopes
// are the app's configuration's) and opens it in its admin with a session token. On a shop's
// first session token the token is exchanged for the shop's expiring offline pair, the shop is
// recorded as the OAuth callback records it, and the same after-install steps run; later
// tokens find the shop installed. Concurrent first requests of one shop share one exchange: on
// one instance they wait for the same promise; across instances one takes the shop's install
// claim (install-claims-schema.ts) and the others look for the shop until it appears or the
// claim runs out. No database connection is held while the platform answers: the claim, the
// shop's record and the claim's release are each a statement or short transaction of their own.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionTokenInstaller } from '../../core/plugins/auth.js';
import { SessionTokenRefusedError } from '../../core/platform/session-token.js';
import { installedShopId } from '../../core/shops.js';
import { afterInstall, installShop } from './install-shop.js';
import { installClaims } from './install-claims-schema.js';

/** How long after the platform's deadline a claim still stands: the shop's record and its jobs. */
const CLAIM_MARGIN_MS = 10_000;
/** How often a request waiting on another's claim looks for the shop. */
const WAIT_POLL_MS = 200;

export function createSessionTokenInstaller(app: FastifyInstance): SessionTokenInstaller {
  const running = new Map<string, Promise<string | null>>();

  /** Takes the shop's claim until the platform's deadline has passed; false while another holds it. */
  async function claim(shop: string, deadline: number): Promise<boolean> {
    const now = new Date();
    const claimedUntil = new Date(deadline + CLAIM_MARGIN_MS);
    const taken = await app.db
      .insert(installClaims)
      .values({ domain: shop, claimedUntil })
      .onConflictDoUpdate({
        target: installClaims.domain,
        set: { claimedUntil },
        setWhere: lt(installClaims.claimedUntil, now),
      })
      .returning({ domain: installClaims.domain });
    return taken.length > 0;
  }

  async function installOnce(shop: string, sessionToken: string): Promise<string | null> {
    // One claim's time and one's more: a request never waits on claims without end.
    const giveUp = Date.now() + 2 * (app.platform.flowDeadline() - Date.now() + CLAIM_MARGIN_MS);
    for (;;) {
      // An exchange that ended while this request was on its way already installed it.
      const already = await installedShopId(app.db, shop);
      if (already) return already;
      const deadline = app.platform.flowDeadline();
      if (await claim(shop, deadline)) {
        try {
          return await install(shop, sessionToken, deadline);
        } finally {
          await app.db.delete(installClaims).where(eq(installClaims.domain, shop));
        }
      }
      if (Date.now() > giveUp) {
        throw new Error(`the install of ${shop} by another request did not finish in time`);
      }
      await sleep(WAIT_POLL_MS);
    }
  }

  async function install(
    shop: string,
    sessionToken: string,
    deadline: number,
  ): Promise<string | null> {
    try {
      const grant = await app.platform.exchangeSessionToken(shop, sessionToken, { deadline });
      const details = await app.platform.fetchShop(shop, grant.accessToken, { deadline });
      const installed = await installShop(app, shop, grant, details);
      await afterInstall(app, installed, app.log);
      app.log.info(
        { shop, firstInstall: installed.firstInstall },
        'installed from a session token',
      );
      return installed.shop.id;
    } catch (error) {
      if (error instanceof SessionTokenRefusedError) {
        app.log.warn({ shop, reason: error.message }, 'session token exchange refused');
        return null;
      }
      throw error;
    }
  }

  return (shop, sessionToken) => {
    const pending = running.get(shop);
    if (pending) return pending;
    const attempt = installOnce(shop, sessionToken).finally(() => running.delete(shop));
    running.set(shop, attempt);
    return attempt;
  };
}
