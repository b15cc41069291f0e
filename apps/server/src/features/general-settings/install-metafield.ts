// The storefront's settings travel as app-data metafields on the app installation (namespace
// gatehouse), which the app-embed block reads as `app.metafields.gatehouse.<key>`: where the
// app lives (api_origin = APP_URL) and the merchant's decision time-out (timeout_ms). They are
// written after each OAuth callback has answered, so sign-in never waits for them or fails
// because of them (a failure is logged and retried at the next sign-in), and again when the
// merchant changes the time-out.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { protectionSettings } from '../../db/protection-schema.js';
import { shops } from '../../db/schema.js';

const CALLBACK_PATH = '/api/auth/callback';

interface MetafieldsSetData {
  metafieldsSet: { userErrors: { field: string[] | null; message: string }[] } | null;
}

export interface AppMetafield {
  key: 'api_origin' | 'timeout_ms';
  type: 'single_line_text_field' | 'number_integer';
  value: string;
}

export async function setAppMetafields(
  app: FastifyInstance,
  domain: string,
  metafields: AppMetafield[],
): Promise<void> {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, domain));
  const token = shop ? app.tokens.accessTokenOf(shop) : null;
  if (!shop || !token) return;
  const installation = await app.platform.graphql<{ currentAppInstallation: { id: string } }>(
    domain,
    token,
    'query GatehouseInstallation { currentAppInstallation { id } }',
  );
  const data = await app.platform.graphql<MetafieldsSetData>(
    domain,
    token,
    `
      mutation GatehouseAppMetafields($metafields: [MetafieldsSetInput!]!) {
        metafieldsSet(metafields: $metafields) {
          metafields {
            id
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    {
      metafields: metafields.map((m) => ({
        ownerId: installation.currentAppInstallation.id,
        namespace: 'gatehouse',
        ...m,
      })),
    },
  );
  const errors = data.metafieldsSet?.userErrors ?? [];
  if (errors.length > 0) throw new Error(errors.map((e) => e.message).join('; '));
}

/** Everything the storefront block reads, as it stands for this shop. */
async function storefrontMetafields(app: FastifyInstance, domain: string): Promise<AppMetafield[]> {
  const [row] = await app.db
    .select({ timeoutMs: protectionSettings.timeoutMs })
    .from(protectionSettings)
    .innerJoin(shops, eq(shops.id, protectionSettings.shopId))
    .where(eq(shops.domain, domain));
  return [
    { key: 'api_origin', type: 'single_line_text_field', value: app.config.appUrl },
    ...(row
      ? [{ key: 'timeout_ms', type: 'number_integer', value: String(row.timeoutMs) } as const]
      : []),
  ];
}

/**
 * Sets the metafield after every successful OAuth callback (it redirects to /loginComplete/).
 * The work runs detached from the request; the app waits for it before closing the database.
 */
export function registerInstallMetafieldHook(
  app: FastifyInstance,
  onInstalled: (domain: string) => void,
): void {
  const running = new Set<Promise<void>>();
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url !== CALLBACK_PATH || reply.statusCode !== 302) return;
    const location = String(reply.getHeader('location') ?? '');
    const domain = (request.query as Record<string, unknown>).shop;
    if (!location.includes('/loginComplete/') || typeof domain !== 'string') return;
    onInstalled(domain);
    const task = storefrontMetafields(app, domain)
      .then((metafields) => setAppMetafields(app, domain, metafields))
      .catch((error: unknown) => {
        request.log.warn(
          { err: error, shop: domain },
          'could not set the storefront app metafields',
        );
      })
      .finally(() => running.delete(task));
    running.add(task);
  });
  app.addHook('preClose', async () => {
    await Promise.all(running);
  });
}
