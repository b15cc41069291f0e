// Keeps the checkout function's block list in step with the shop's entries: every change
// queues a job that reads every source's entries, builds the metafields (block-list.ts), finds
// or creates the app's validation (validations, shopifyFunctions, validationCreate) and writes
// the metafields on it (metafieldsSet). The job is retried with backoff; every platform call
// has the platform client's time-out and the whole attempt one deadline. Each attempt records
// how it went, so the page can say when the last sync succeeded, or what failed and what to
// do. A validation is created on (enabled); if the merchant later turns it off in the store's
// checkout settings, the sync leaves it off and the page says so.
import {
  buildBlockList,
  falseMatchRate,
  partKey,
  SETTINGS_KEY,
  type BuiltBlockList,
} from '@gatehouse/checkout-validation/block-list';
import { defaultCustomerBlockMessage, type CheckoutSyncStatus } from '@gatehouse/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { shops } from '../../core/db/schema.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import type { CheckoutBlockSource } from '../../orders/checkout-block-sources.js';
import { ShopTokenDeadError } from '../../core/platform/shop-token-dead.js';
import { gql, type GraphqlDocument } from '../../core/platform/gql.js';
import { PlatformError } from '../../core/platform/platform-error.js';
import {
  checkoutBlockSync,
  customerBlockSettings,
  type CheckoutBlockSyncRow,
} from './customer-block-lists-schema.js';
import { sideBySide } from '../../core/db/side-by-side.js';

export const CHECKOUT_SYNC_JOB = 'checkout-block-sync';
/** The function's API type, as the platform lists functions. */
export const VALIDATION_API_TYPE = 'cart_checkout_validation';
export const VALIDATION_TITLE = 'Gatehouse Customer Block Lists';

export const syncMessages = {
  notInstalled:
    'Gatehouse is not installed on this store. Open it from your Shopify admin to reinstall it.',
  noFunction:
    "The app's checkout function is not deployed to this store yet. Deploy the app's extensions, then press Sync now.",
  retrying: (why: string) =>
    `${why} It is tried again automatically; press Sync now to try at once.`,
  failed: (why: string) => `${why} Automatic retries stopped; press Sync now to try again.`,
} as const;

interface UserError {
  field: string[] | null;
  message: string;
}

function userErrors(errors: UserError[] | undefined): void {
  if (errors && errors.length > 0) throw new PlatformError(errors.map((e) => e.message).join('; '));
}

/** The buyer's message, or null for the default. */
export async function loadMessage(db: Database, shopId: string): Promise<string | null> {
  const [row] = await db
    .select({ message: customerBlockSettings.message })
    .from(customerBlockSettings)
    .where(eq(customerBlockSettings.shopId, shopId));
  return row?.message ?? null;
}

export async function saveMessage(db: Database, shopId: string, message: string): Promise<void> {
  await db
    .insert(customerBlockSettings)
    .values({ shopId, message })
    .onConflictDoUpdate({ target: customerBlockSettings.shopId, set: { message } });
}

export async function loadSync(db: Database, shopId: string) {
  const [row] = await db
    .select()
    .from(checkoutBlockSync)
    .where(eq(checkoutBlockSync.shopId, shopId));
  return row ?? null;
}

async function saveSync(
  db: Database,
  shopId: string,
  values: Partial<Omit<CheckoutBlockSyncRow, 'shopId'>>,
): Promise<void> {
  await db
    .insert(checkoutBlockSync)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: checkoutBlockSync.shopId, set: values });
}

/** A source changed: the sync is pending, and any sync that read the list before is stale. */
export async function markChanged(db: Database, shopId: string): Promise<void> {
  await db
    .insert(checkoutBlockSync)
    .values({ shopId, syncState: 'pending', changeSeq: 1 })
    .onConflictDoUpdate({
      target: checkoutBlockSync.shopId,
      set: {
        syncState: 'pending',
        lastError: null,
        changeSeq: sql`${checkoutBlockSync.changeSeq} + 1`,
      },
    });
}

/** Records a sync's outcome unless the list changed since it was read (a later job follows). */
async function recordAttempt(
  db: Database,
  shopId: string,
  seq: number,
  values: Partial<Omit<CheckoutBlockSyncRow, 'shopId'>>,
): Promise<void> {
  await db
    .update(checkoutBlockSync)
    .set(values)
    .where(and(eq(checkoutBlockSync.shopId, shopId), eq(checkoutBlockSync.changeSeq, seq)));
}

export function syncStatus(row: CheckoutBlockSyncRow | null): CheckoutSyncStatus {
  return {
    state: (row?.syncState ?? 'never') as CheckoutSyncStatus['state'],
    lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
    error: row?.lastError ?? null,
    entries: row?.syncedEntries ?? 0,
    falseMatchRate: row?.falseMatchRate ?? 0,
    validationEnabled: row?.validationEnabled ?? null,
  };
}

/** Reads every source's entries and builds the metafields with the shop's message. */
export async function buildForShop(
  db: Database,
  sources: readonly CheckoutBlockSource[],
  shopId: string,
): Promise<{ built: BuiltBlockList; entries: number }> {
  const lists = await sideBySide(db, sources, (source) => source.entries(db, shopId));
  const entries = lists.flat();
  const message = await loadMessage(db, shopId);
  const built = buildBlockList(entries, message ?? defaultCustomerBlockMessage);
  return { built, entries: entries.length };
}

interface ValidationNode {
  id: string;
  enabled: boolean;
  shopifyFunction: { id: string; apiType: string } | null;
}

/** Finds the app's validation, or creates it (enabled) on the app's validation function. */
async function ensureValidation(
  app: FastifyInstance,
  domain: string,
  token: string,
  deadline: number,
): Promise<{ id: string; enabled: boolean }> {
  const call = <T>(query: GraphqlDocument, variables?: object) =>
    app.platform.graphql<T>(domain, token, query, variables, { deadline });
  const listed = await call<{ validations: { nodes: ValidationNode[] } }>(gql`
    query GatehouseValidations {
      validations(first: 25) {
        nodes {
          id
          enabled
          shopifyFunction {
            id
            apiType
          }
        }
      }
    }
  `);
  const functions = await call<{
    shopifyFunctions: { nodes: { id: string; apiType: string; handle: string }[] };
  }>(
    gql`
      query GatehouseFunctions($apiType: String) {
        shopifyFunctions(first: 25, apiType: $apiType) {
          nodes {
            id
            apiType
            handle
          }
        }
      }
    `,
    { apiType: VALIDATION_API_TYPE },
  );
  const ours = functions.shopifyFunctions.nodes.filter((f) => f.apiType === VALIDATION_API_TYPE);
  const existing = listed.validations.nodes.find(
    (v) => v.shopifyFunction && ours.some((f) => f.id === v.shopifyFunction?.id),
  );
  if (existing) return { id: existing.id, enabled: existing.enabled };
  const functionHandle = ours[0]?.handle;
  if (!functionHandle) throw new PlatformError(syncMessages.noFunction);
  const created = await call<{
    validationCreate: {
      validation: { id: string; enabled: boolean } | null;
      userErrors: UserError[];
    };
  }>(
    gql`
      mutation GatehouseValidationCreate($validation: ValidationCreateInput!) {
        validationCreate(validation: $validation) {
          validation {
            id
            enabled
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    // blockOnFailure false: if the function ever fails (a limit), checkouts go through rather
    // than every buyer being stopped.
    {
      validation: { functionHandle, enable: true, blockOnFailure: false, title: VALIDATION_TITLE },
    },
  );
  userErrors(created.validationCreate.userErrors);
  if (!created.validationCreate.validation) throw new PlatformError(syncMessages.noFunction);
  return created.validationCreate.validation;
}

/** Writes the settings and the filter's parts on the validation, in one metafieldsSet. */
async function writeMetafields(
  app: FastifyInstance,
  domain: string,
  token: string,
  ownerId: string,
  built: BuiltBlockList,
  deadline: number,
): Promise<void> {
  const metafields = [
    {
      ownerId,
      namespace: '$app',
      key: SETTINGS_KEY,
      type: 'json',
      value: JSON.stringify(built.settings),
    },
    ...built.parts.map((value, i) => ({
      ownerId,
      namespace: '$app',
      key: partKey(i),
      type: 'single_line_text_field',
      value,
    })),
  ];
  const data = await app.platform.graphql<{ metafieldsSet: { userErrors: UserError[] } | null }>(
    domain,
    token,
    gql`
      mutation GatehouseBlockList($metafields: [MetafieldsSetInput!]!) {
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
    { metafields },
    { deadline },
  );
  userErrors(data.metafieldsSet?.userErrors);
}

export function checkoutSyncJob(
  app: FastifyInstance,
  sources: readonly CheckoutBlockSource[],
): JobDefinition<{ shopId: string }> {
  return {
    name: CHECKOUT_SYNC_JOB,
    retryLimit: 4,
    retryDelaySeconds: 5,
    retryBackoff: true,
    retryDelayMaxSeconds: 5 * 60,
    expireInSeconds: 120,
    async handle(job) {
      const { shopId } = job.data;
      const [shop] = await app.db.select().from(shops).where(eq(shops.id, shopId));
      // The shop's rows went with it (uninstalled and erased): nothing left to sync.
      if (!shop) return { skipped: 'no shop' };
      const token = app.tokens.accessTokenOf(shop);
      const attemptAt = new Date();
      try {
        if (!token) throw new PlatformError(syncMessages.notInstalled);
        const seq = (await loadSync(app.db, shopId))?.changeSeq ?? 0;
        const { built, entries } = await buildForShop(app.db, sources, shopId);
        const deadline = app.platform.flowDeadline();
        const validation = await ensureValidation(app, shop.domain, token, deadline);
        await writeMetafields(app, shop.domain, token, validation.id, built, deadline);
        await saveSync(app.db, shopId, { validationId: validation.id });
        await recordAttempt(app.db, shopId, seq, {
          validationEnabled: validation.enabled,
          syncState: 'synced',
          lastAttemptAt: attemptAt,
          lastSuccessAt: attemptAt,
          lastError: null,
          syncedEntries: entries,
          falseMatchRate: falseMatchRate(built.settings, built.keys),
        });
        return { entries, validation: validation.id, parts: built.parts.length };
      } catch (error) {
        const why =
          error instanceof PlatformError && error.failure !== 'refused'
            ? error.messageFor('update the checkout block list')
            : error instanceof Error
              ? error.message
              : String(error);
        // A dead token is not retried (the job ends): the sync has failed until the shop reconnects.
        const last = job.retryCount >= job.retryLimit || error instanceof ShopTokenDeadError;
        await saveSync(app.db, shopId, {
          syncState: last ? 'failed' : 'pending',
          lastAttemptAt: attemptAt,
          lastError: last ? syncMessages.failed(why) : syncMessages.retrying(why),
        });
        throw error;
      }
    },
  };
}
