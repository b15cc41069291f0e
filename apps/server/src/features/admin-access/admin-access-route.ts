// POST /api/storefront/adminAccess: the storefront half of Admin Access. The admin
// opens the store at `?shopId=<id>&idya=true|false`; the script posts here and keeps the
// signed device token it gets, and decisions for that browser are then always "allow".
//
// Security trade-off. The storefront URL carries only the shop's id, and that is Shopify's numeric
// shop id: not a secret (it appears in the store's own pages and APIs). So anyone who knows
// it could mark their own browser as an admin device and pass this shop's rules. What closes
// it: a new device is accepted only within minutes after the signed-in merchant pressed
// "Enable Admin Access" on the dashboard (which arms the shop: /api/dashboard/armAdminAccess),
// once per arming, while Admin Access is on and the plan includes it (Premium /
// Pay-As-You-Go); each mark is rate-limited per IP;
// every mark and unmark is written to the shop's audit log with the IP and user agent so the
// merchant can see who did it; turning the setting off stops every marked device at once
// (decisions check the setting), and each device token can be revoked. Nothing is added to
// that URL.
//
// Each device is recorded with the key of the admin browser whose press armed it (the popup
// opens in that browser, so it is the same browser): the dashboard asks with that key whether
// it runs on a marked device, a new mark replaces that browser's older one, and a "Disable"
// from that browser unmarks it even when the store's storage lost the device token.
import {
  ADMIN_ACCESS_PATH,
  adminAccessRequest,
  planIncludes,
  type AdminAccessResponse,
} from '@gatehouse/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit.js';
import { hashSecret } from '../../core/crypto/secrets.js';
import { adminDevices } from '../../protection/protection-schema.js';
import { shops } from '../../core/db/schema.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { assertCleanRequest } from '../../core/http/route.js';
import { UPGRADE_MESSAGE } from '../../core/plan-gates.js';

export const adminAccessMessages = {
  unknownShop: 'This store does not use Gatehouse.',
  shopIdMismatch: 'This Admin Access link does not belong to this store.',
  turnedOff: 'Admin Access is turned off in Gatehouse. Turn it on in General Settings first.',
  notArmed:
    'To mark this device, press "Enable Admin Access" on the Gatehouse dashboard and use the window it opens.',
  notThisDevice:
    'To turn Admin Access off, press "Disable Admin Access" on the Gatehouse dashboard and use the window it opens.',
} as const;

export async function adminAccessStorefrontRoute(app: FastifyInstance): Promise<void> {
  const services = app.protection;
  app.post(
    ADMIN_ACCESS_PATH,
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply): Promise<AdminAccessResponse> => {
      void reply.header('access-control-allow-origin', '*');
      const input = adminAccessRequest.parse(request.body ?? {});
      assertCleanRequest(request);
      const [shop] = await app.db.select().from(shops).where(eq(shops.domain, input.shop));
      if (!shop || shop.uninstalledAt) throw badRequest(adminAccessMessages.unknownShop);
      if (!shop.shopifyShopId || shop.shopifyShopId !== input.shopId.trim()) {
        throw badRequest(adminAccessMessages.shopIdMismatch);
      }
      const seenFrom = {
        ip: request.ip,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
      };
      const held =
        input.d && services.tokens.isSignedDevice(input.d, shop.id) ? hashSecret(input.d) : null;

      if (!input.enabled) {
        // The shop id alone is public, so turning the mode off from the storefront needs either
        // the marked device's own live token (revoked by this call) or a press of "Disable Admin
        // Access" on the dashboard by the signed-in merchant within minutes (spent by this call).
        await app.db.transaction(async (tx) => {
          const [revoked] = held
            ? await tx
                .update(adminDevices)
                .set({ revokedAt: new Date() })
                .where(
                  and(
                    eq(adminDevices.shopId, shop.id),
                    eq(adminDevices.tokenHash, held),
                    isNull(adminDevices.revokedAt),
                  ),
                )
                .returning({ id: adminDevices.id })
            : [];
          if (!revoked) {
            const [armed] = await tx
              .update(shops)
              .set({ adminAccessArmedUntil: null })
              .where(and(eq(shops.id, shop.id), gt(shops.adminAccessArmedUntil, new Date())))
              .returning({ armedBy: shops.adminAccessArmedBy });
            if (!armed) throw forbidden(adminAccessMessages.notThisDevice);
            if (armed.armedBy) await revokeMarksOf(tx, shop.id, armed.armedBy);
          }
          await tx
            .update(shops)
            .set({ adminAccessMode: false, updatedAt: new Date() })
            .where(eq(shops.id, shop.id));
        });
        await audit(app.db, {
          shopId: shop.id,
          actor: 'merchant',
          action: 'adminAccess.deviceUnmarked',
          detail: seenFrom,
        });
        await services.changed(shop.id);
        return { isAdminAccessMode: false, deviceToken: null };
      }

      if (!planIncludes(shop.plan, 'adminAccess')) throw forbidden(UPGRADE_MESSAGE);
      if (!shop.adminAccessEnabled) throw badRequest(adminAccessMessages.turnedOff);
      const deviceToken = services.tokens.mintDevice(shop.id);
      const [device] = await app.db.transaction(async (tx) => {
        // Spend the dashboard's arming: one device per press of "Enable Admin Access".
        const [armed] = await tx
          .update(shops)
          .set({ adminAccessArmedUntil: null })
          .where(and(eq(shops.id, shop.id), gt(shops.adminAccessArmedUntil, new Date())))
          .returning({ armedBy: shops.adminAccessArmedBy });
        if (!armed) throw badRequest(adminAccessMessages.notArmed);
        // One mark per admin browser: its older mark's token is gone with the store's storage.
        if (armed.armedBy) await revokeMarksOf(tx, shop.id, armed.armedBy);
        if (held) {
          // The browser already had a mark: replace it rather than pile up devices.
          await tx
            .update(adminDevices)
            .set({ revokedAt: new Date() })
            .where(and(eq(adminDevices.tokenHash, held), isNull(adminDevices.revokedAt)));
        }
        await tx
          .update(shops)
          .set({ adminAccessMode: true, updatedAt: new Date() })
          .where(eq(shops.id, shop.id));
        return tx
          .insert(adminDevices)
          .values({
            shopId: shop.id,
            tokenHash: hashSecret(deviceToken),
            adminKeyHash: armed.armedBy,
            ...seenFrom,
          })
          .returning({ id: adminDevices.id });
      });
      await audit(app.db, {
        shopId: shop.id,
        actor: 'merchant',
        action: 'adminAccess.deviceMarked',
        detail: { deviceId: device?.id, ...seenFrom },
      });
      await services.changed(shop.id);
      return { isAdminAccessMode: true, deviceToken };
    },
  );
}

type Tx = Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0];

/** Unmarks the devices marked from the admin browser whose key hashes to `adminKeyHash`. */
async function revokeMarksOf(tx: Tx, shopId: string, adminKeyHash: string): Promise<void> {
  await tx
    .update(adminDevices)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(adminDevices.shopId, shopId),
        eq(adminDevices.adminKeyHash, adminKeyHash),
        isNull(adminDevices.revokedAt),
      ),
    );
}
