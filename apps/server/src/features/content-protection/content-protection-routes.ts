// Content Protection (/contentProtect): read and save the switches. Each save rebuilds the
// shop's policy, so the next storefront decision names the switches that apply to its page.
// A paid feature: both calls name `contentProtection` and answer 403 on a plan without it.
import {
  api,
  CONTENT_PROTECTION_OFF,
  CONTENT_SWITCHES,
  type ContentProtectionSettings,
} from '@gatehouse/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { contentProtection } from '../../protection/content-protection-schema.js';
import { route } from '../../core/http/route.js';

async function load(db: Database, shopId: string): Promise<ContentProtectionSettings> {
  const [row] = await db
    .select({ switches: contentProtection.switches })
    .from(contentProtection)
    .where(eq(contentProtection.shopId, shopId));
  const stored = row?.switches ?? {};
  return Object.fromEntries(
    CONTENT_SWITCHES.map((name) => {
      const scope = stored[name];
      return [
        name,
        scope === 'store' || scope === 'catalog' ? scope : CONTENT_PROTECTION_OFF[name],
      ];
    }),
  ) as ContentProtectionSettings;
}

export async function contentProtectionRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getContentProtection, async (_input, { session }) => load(app.db, session.shopId));

  route(
    app,
    api.saveContentProtection,
    async (input, { session }) => {
      await app.db
        .insert(contentProtection)
        .values({ shopId: session.shopId, switches: input })
        .onConflictDoUpdate({
          target: contentProtection.shopId,
          set: { switches: input, updatedAt: sql`now()` },
        });
      await app.protection.changed(session.shopId);
      return load(app.db, session.shopId);
    },
    { mutates: true },
  );
}
