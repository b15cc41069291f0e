// The storefront's settings travel as app-data metafields on the app installation (namespace
// gatehouse), which the app-embed block reads as `app.metafields.gatehouse.<key>`: where the
// app lives (api_origin = APP_URL), the merchant's decision time-out (timeout_ms) and the
// version of the shop's rules in force (policy_version).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../db/schema.js';
import { gql } from './gql.js';
import type { SharedDeadline } from './platform-call.js';
import { PlatformError } from './platform-error.js';

interface MetafieldsSetData {
  metafieldsSet: { userErrors: { field: string[] | null; message: string }[] } | null;
}

export interface AppMetafield {
  key: 'api_origin' | 'timeout_ms' | 'policy_version';
  type: 'single_line_text_field' | 'number_integer';
  value: string;
}

/**
 * Sets the metafields: two platform calls (the installation's id, then the values) within one
 * deadline, the caller's when it has one (a merchant's request started it).
 */
export async function setAppMetafields(
  app: FastifyInstance,
  domain: string,
  metafields: AppMetafield[],
  options: SharedDeadline = {},
): Promise<void> {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, domain));
  const token = shop ? app.tokens.accessTokenOf(shop) : null;
  if (!shop || !token) return;
  const deadline = options.deadline ?? app.platform.flowDeadline();
  const installation = await app.platform.graphql<{ currentAppInstallation: { id: string } }>(
    domain,
    token,
    gql`
      query GatehouseInstallation {
        currentAppInstallation {
          id
        }
      }
    `,
    undefined,
    { deadline },
  );
  const data = await app.platform.graphql<MetafieldsSetData>(
    domain,
    token,
    gql`
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
    { deadline },
  );
  const errors = data.metafieldsSet?.userErrors ?? [];
  if (errors.length > 0) throw new PlatformError(errors.map((e) => e.message).join('; '));
}
