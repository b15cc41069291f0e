// Records a shop that completed OAuth: created on first install (isNew), brought back on a
// reinstall after uninstall, and its encrypted token pair and granted scopes replaced (a new
// grant also clears a dead-token mark: the shop is connected again); then what follows every
// install, whichever way the token came (the OAuth callback or a session token's exchange).
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { POST_INSTALL_JOB, type PostInstallData } from '../../core/jobs/post-install.js';
import { audit } from '../../core/audit.js';
import { shops, type Shop } from '../../core/db/schema.js';
import type { OfflineGrant } from '../../core/platform/offline-token-grants.js';
import type { PlatformShop } from '../../core/platform/platform-client.js';

export async function installShop(
  app: FastifyInstance,
  domain: string,
  grant: OfflineGrant,
  details: PlatformShop,
): Promise<{ shop: Shop; firstInstall: boolean; reinstall: boolean }> {
  const now = new Date();
  const common = {
    shopifyShopId: details.shopifyShopId,
    name: details.name,
    email: details.email,
    contactEmail: details.contactEmail,
    shopOwner: details.ownerName,
    platformPlanName: details.planName,
    grantedScopes: grant.scopes.join(','),
    ...app.tokens.sealed(grant, domain),
    updatedAt: now,
  };
  const result = await app.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(shops).where(eq(shops.domain, domain)).for('update');
    if (!existing) {
      const [created] = await tx
        .insert(shops)
        .values({ domain, ...common, installedAt: now, isNew: true })
        .returning();
      return { shop: created!, firstInstall: true, reinstall: false };
    }
    const reinstall = existing.uninstalledAt !== null;
    const [updated] = await tx
      .update(shops)
      .set({ ...common, ...(reinstall ? { uninstalledAt: null, installedAt: now } : {}) })
      .where(eq(shops.id, existing.id))
      .returning();
    return { shop: updated!, firstInstall: false, reinstall };
  });
  await audit(app.db, {
    shopId: result.shop.id,
    actor: 'platform',
    action: result.firstInstall
      ? 'shop.installed'
      : result.reinstall
        ? 'shop.reinstalled'
        : 'shop.authorized',
    detail: { scopes: grant.scopes, expiringToken: grant.expiresAt !== null },
  });
  return result;
}

export type InstallResult = Awaited<ReturnType<typeof installShop>>;

/**
 * Tells every instance's decisions of the installed shop (an unknown name is answered without
 * looking it up), writes the checkout's list again after a reinstall, and queues the
 * post-install job that rebuilds its policy and writes the storefront's settings.
 */
export async function afterInstall(
  app: FastifyInstance,
  installed: InstallResult,
  log: FastifyBaseLogger,
): Promise<void> {
  const shop = installed.shop.domain;
  await app.protection.changed(installed.shop.id);
  // Back after an uninstall: the checkout's list is written again, as the plan now allows.
  if (installed.reinstall) await app.checkoutBlocks.planChanged(installed.shop.id);
  app.platform.invalidateAppEmbedState(shop);
  const postInstall: PostInstallData = { shop, shopId: installed.shop.id };
  try {
    await app.jobs.send(POST_INSTALL_JOB, postInstall);
  } catch (error) {
    // Sign-in still works; the next sign-in sends it again.
    log.error({ err: error, shop }, 'could not queue the post-install job');
  }
}
