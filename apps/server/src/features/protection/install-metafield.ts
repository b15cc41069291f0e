// After a shop completes OAuth, tell its storefront where the app lives: an app-data metafield
// (namespace gatehouse, key api_origin, value APP_URL) on the app installation, which the
// app-embed block reads as `app.metafields.gatehouse.api_origin`. It runs after the callback
// has answered, so sign-in never waits for it or fails because of it; a failure (or a platform
// without metafields) is logged as a warning and retried at the next sign-in.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../db/schema.js';

const CALLBACK_PATH = '/api/auth/callback';

interface MetafieldsSetData {
  metafieldsSet: { userErrors: { field: string[] | null; message: string }[] } | null;
}

export async function setApiOriginMetafield(app: FastifyInstance, domain: string): Promise<void> {
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
      mutation GatehouseApiOrigin($metafields: [MetafieldsSetInput!]!) {
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
      metafields: [
        {
          ownerId: installation.currentAppInstallation.id,
          namespace: 'gatehouse',
          key: 'api_origin',
          type: 'single_line_text_field',
          value: app.config.appUrl,
        },
      ],
    },
  );
  const errors = data.metafieldsSet?.userErrors ?? [];
  if (errors.length > 0) throw new Error(errors.map((e) => e.message).join('; '));
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
    const task = setApiOriginMetafield(app, domain)
      .catch((error: unknown) => {
        request.log.warn(
          { err: error, shop: domain },
          'could not set the api_origin app metafield',
        );
      })
      .finally(() => running.delete(task));
    running.add(task);
  });
  app.addHook('preClose', async () => {
    await Promise.all(running);
  });
}
