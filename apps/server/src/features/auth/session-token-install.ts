// Managed installation: the platform installs the app without an OAuth redirect (the scopes
// are the app's configuration's) and opens it in its admin with a session token. On a shop's
// first session token the token is exchanged for the shop's expiring offline pair, the shop is
// recorded as the OAuth callback records it, and the same after-install steps run; later
// tokens find the shop installed. Concurrent first requests of one shop share one exchange: on
// one instance they wait for the same promise; on PostgreSQL, instances also take turns on a
// lock named after the shop, and those after the first find the shop installed. (PGlite is one
// process's own database: there is no other instance.)
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionTokenInstaller } from '../../plugins/auth.js';
import { SessionTokenRefusedError } from '../../platform/session-token.js';
import { installedShopId } from '../../shops.js';
import { afterInstall, installShop } from './install-shop.js';

export function createSessionTokenInstaller(app: FastifyInstance): SessionTokenInstaller {
  const running = new Map<string, Promise<string | null>>();

  async function installOnce(shop: string, sessionToken: string): Promise<string | null> {
    if (app.dbKind !== 'postgres') return install(shop, sessionToken);
    return app.db.transaction(async (tx) => {
      const lock = `session-token-install:${shop}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
      return install(shop, sessionToken);
    });
  }

  async function install(shop: string, sessionToken: string): Promise<string | null> {
    // An exchange that ended while this request was on its way already installed it.
    const already = await installedShopId(app.db, shop);
    if (already) return already;
    const deadline = app.platform.flowDeadline();
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
