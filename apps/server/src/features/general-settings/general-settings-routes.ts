// General Settings (/settings): the app's master switch (shops.is_app_disabled), the block
// page, the decision time-out, visitor-log retention (at most the plan's) and Admin Access
// (shops.admin_access_enabled; turning it on needs a plan that includes it).
import { api, plans, type GeneralSettingsView } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops, type Shop } from '../../core/db/schema.js';
import type { GeneralSettingsRow } from '../../protection/protection-schema.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { shopOfSession } from '../../core/shops.js';
import { requireFeature } from '../../core/plan-gates.js';
import { blockPageOf, DEFAULT_TIMEOUT_MS } from '../../protection/block-page.js';
import { loadGeneralSettings, saveProtectionSettings } from './settings-store.js';
import { setAppMetafields } from '../../core/platform/app-metafields.js';

export const retentionMessage = (max: number) =>
  `Your plan keeps visitor logs for at most ${max} hours.`;

export function settingsView(shop: Shop, settings: GeneralSettingsRow | null): GeneralSettingsView {
  const max = plans[shop.plan].logRetentionHours;
  return {
    appEnabled: !shop.isAppDisabled,
    blockPage: blockPageOf(settings),
    timeoutMs: settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logRetentionHours: Math.min(settings?.logRetentionHours ?? max, max),
    adminAccessEnabled: shop.adminAccessEnabled,
    allowVerifiedCrawlers: settings?.allowVerifiedCrawlers ?? true,
    maxLogRetentionHours: max,
  };
}

export async function generalSettingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getGeneralSettings, async (_input, { session }) => {
    const shop = await shopOfSession(app.db, session);
    return settingsView(shop, await loadGeneralSettings(app.db, shop.id));
  });

  route(
    app,
    api.saveGeneralSettings,
    async (input, { session }) => {
      // Publishing a changed time-out to the storefront ends by this request's deadline.
      const deadline = app.platform.flowDeadline();
      const shop = await shopOfSession(app.db, session);
      const max = plans[shop.plan].logRetentionHours;
      if (input.logRetentionHours > max) throw badRequest(retentionMessage(max));
      if (input.adminAccessEnabled && !shop.adminAccessEnabled) requireFeature(shop, 'adminAccess');
      const settings = await loadGeneralSettings(app.db, shop.id);
      await app.blockers.check(app.db, shop, { appEnabled: input.appEnabled });
      const { blockPage } = input;
      await app.db.transaction(async (tx) => {
        await tx
          .update(shops)
          .set({
            isAppDisabled: !input.appEnabled,
            adminAccessEnabled: input.adminAccessEnabled,
            // Turning Admin Access off ends the mode; marked devices stop passing at once.
            ...(input.adminAccessEnabled ? {} : { adminAccessMode: false }),
            updatedAt: new Date(),
          })
          .where(eq(shops.id, shop.id));
        await saveProtectionSettings(tx, shop.id, {
          blockTitle: blockPage.title,
          blockMessage: blockPage.message,
          blockBackgroundColor: blockPage.backgroundColor.toLowerCase(),
          blockTextColor: blockPage.textColor.toLowerCase(),
          blockLogoUrl: blockPage.logoUrl,
          timeoutMs: input.timeoutMs,
          logRetentionHours: input.logRetentionHours,
          ...(input.allowVerifiedCrawlers !== undefined
            ? { allowVerifiedCrawlers: input.allowVerifiedCrawlers }
            : {}),
        });
      });
      await app.protection.changed(shop.id);
      if (settings?.timeoutMs !== input.timeoutMs) {
        // The storefront block waits this long before showing the page anyway.
        await setAppMetafields(
          app,
          shop.domain,
          [{ key: 'timeout_ms', type: 'number_integer', value: String(input.timeoutMs) }],
          { deadline },
        ).catch((error: unknown) => {
          app.log.warn({ err: error, shop: shop.domain }, 'could not publish the time-out');
        });
      }
      const after = await shopOfSession(app.db, session);
      return settingsView(after, await loadGeneralSettings(app.db, shop.id));
    },
    { mutates: true },
  );
}
