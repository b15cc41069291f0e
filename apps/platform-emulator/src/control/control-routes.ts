// Control endpoints under /_emulator for tests and support: read a shop's state and the
// webhook log, and do what a merchant would (uninstall, switch the embed, change scopes)
// without a browser. No authentication: the emulator is a local development tool.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { mainTheme, readAppEmbeds, saveAppEmbed } from '../app-embed.js';
import type { EmulatorContext } from '../context.js';
import { controlShop, notInstalled } from './control-shop.js';
import { setScopes, uninstallApp } from '../installations.js';
import { isValidScope } from '../oauth/scopes.js';
import { shopScriptTags } from '../script-tags/script-tags.js';
import type { ShopRecord } from '../state/types.js';
import { shopPayload, themePayload } from '../webhooks/payloads.js';
import { toTopicEnum } from '../webhooks/topics.js';
import type { DeliveryView, HealthView, ShopStateView } from './control-types.js';

const appEmbedBody = z.object({ enabled: z.boolean(), handle: z.string().optional() });
const scopesBody = z.object({ scopes: z.array(z.string().refine(isValidScope, 'not a scope')) });
const planBody = z.object({
  displayName: z.string().trim().min(1).max(60),
  partnerDevelopment: z.boolean().optional(),
});
const webhookBody = z.object({ topic: z.string(), payload: z.unknown().optional() });
const detailsBody = z
  .object({
    name: z.string().trim().min(1).max(255).optional(),
    email: z.email().max(255).optional(),
    contactEmail: z.email().max(255).optional(),
  })
  .strict();

function shopState(context: EmulatorContext, shop: ShopRecord): ShopStateView {
  const installation = context.store.state.installations[shop.domain];
  return {
    shop: {
      id: shop.id,
      domain: shop.domain,
      name: shop.name,
      email: shop.email,
      contactEmail: shop.contactEmail ?? shop.email,
      currency: shop.currency,
      timezone: shop.timezone,
      plan: shop.planDisplayName,
    },
    installation: installation
      ? {
          scopes: installation.scopes,
          accessToken: installation.accessToken,
          installedAt: installation.installedAt,
          accessTokenExpiresAt: installation.accessTokenExpiresAt ?? null,
          refreshTokenExpiresAt: installation.refreshTokenExpiresAt ?? null,
          grants: installation.grants ?? { authorizationCode: 0, refresh: 0, migration: 0 },
        }
      : null,
    appEmbed: readAppEmbeds(context, shop).map((embed) => ({
      handle: embed.block.handle,
      enabled: embed.enabled,
      blockId: embed.blockId,
      settings: embed.settings,
    })),
    themes: shop.themes.map((t) => ({
      id: t.id,
      name: t.name,
      role: t.role,
      updatedAt: t.updatedAt,
    })),
    webhookSubscriptions: context.store.state.webhookSubscriptions
      .filter((s) => s.shop === shop.domain)
      .map((s) => ({
        id: s.id,
        topic: s.topic,
        callbackUrl: s.callbackUrl,
        apiVersion: s.apiVersion,
      })),
    appMetafields: context.store.state.appMetafields
      .filter((m) => m.shop === shop.domain)
      .map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value })),
    scriptTags: shopScriptTags(context, shop.domain).map((t) => ({
      id: t.id,
      src: t.src,
      displayScope: t.displayScope,
    })),
  };
}

export async function controlRoutes(app: FastifyInstance, context: EmulatorContext) {
  const findShop = (domain: string, reply: FastifyReply) => controlShop(context, domain, reply);

  app.get('/_emulator/health', async () => {
    const view: HealthView = {
      status: 'ok',
      publicUrl: context.publicUrl,
      appUrl: context.app.applicationUrl,
      shops: Object.keys(context.store.state.shops).length,
    };
    return view;
  });

  app.get('/_emulator/shops/:shop', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    return shop ? shopState(context, shop) : reply;
  });

  app.get('/_emulator/shops/:shop/storefront-requests', async (request) => {
    const { shop } = request.params as { shop: string };
    return { count: context.storefrontRequests.get(shop) ?? 0 };
  });

  app.get('/_emulator/webhooks/deliveries', async (request) => {
    const { shop, topic } = request.query as { shop?: string; topic?: string };
    const deliveries: DeliveryView[] = context.store.state.deliveries
      .filter(
        (d) =>
          (!shop || d.shop === shop) &&
          (!topic || d.topic === topic || toTopicEnum(d.topic) === topic),
      )
      .map((d) => ({
        webhookId: d.webhookId,
        eventId: d.eventId,
        shop: d.shop,
        topic: d.topic,
        callbackUrl: d.callbackUrl,
        apiVersion: d.apiVersion,
        triggeredAt: d.triggeredAt,
        status: d.status,
        payload: JSON.parse(d.body) as unknown,
        attempts: d.attempts,
      }));
    return { deliveries };
  });

  app.post('/_emulator/shops/:shop/uninstall', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    if (!uninstallApp(context, shop.domain)) return notInstalled(context, reply);
    return shopState(context, shop);
  });

  app.post('/_emulator/shops/:shop/app-embed', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = appEmbedBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Expected {"enabled": boolean}' });
    if (!context.store.state.installations[shop.domain]) return notInstalled(context, reply);
    const handle = body.data.handle ?? readAppEmbeds(context, shop)[0]?.block.handle ?? '';
    if (!saveAppEmbed(context, shop, handle, body.data.enabled)) {
      return reply.code(400).send({ error: `No app embed "${handle}"` });
    }
    return shopState(context, shop);
  });

  app.post('/_emulator/shops/:shop/scopes', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = scopesBody.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({ error: 'Expected {"scopes": ["read_orders", …]}' });
    if (!setScopes(context, shop.domain, body.data.scopes)) return notInstalled(context, reply);
    return shopState(context, shop);
  });

  // The store owner changes the store's plan on the platform (Basic, Starter, Frozen…); a
  // partner's development store says so (on the platform's development plan or a paid one).
  app.post('/_emulator/shops/:shop/plan', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = planBody.safeParse(request.body);
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: 'Expected {"displayName": "Basic", "partnerDevelopment"?: boolean}' });
    }
    shop.planDisplayName = body.data.displayName;
    shop.partnerDevelopment = body.data.partnerDevelopment ?? false;
    shop.updatedAt = new Date().toISOString();
    context.store.save();
    return shopState(context, shop);
  });

  // The store owner saves the store's details in the platform's settings (its name, the
  // owner's email, the customer-facing email): the platform tells subscribed apps by shop/update.
  app.post('/_emulator/shops/:shop/details', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = detailsBody.safeParse(request.body);
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: 'Expected {"name"?: string, "email"?: email, "contactEmail"?: email}' });
    }
    Object.assign(shop, body.data, { updatedAt: new Date().toISOString() });
    context.store.save();
    const deliveries = context.dispatcher.trigger(shop.domain, 'SHOP_UPDATE', shopPayload(shop));
    return { ...shopState(context, shop), webhookIds: deliveries.map((d) => d.webhookId) };
  });

  app.post('/_emulator/shops/:shop/webhooks', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = webhookBody.safeParse(request.body);
    const topic = body.success ? toTopicEnum(body.data.topic) : null;
    if (!body.success || !topic)
      return reply
        .code(400)
        .send({ error: 'Expected {"topic": "app/uninstalled", "payload"?: {…}}' });
    const theme = mainTheme(shop);
    const payload =
      body.data.payload ??
      (topic === 'THEMES_UPDATE' && theme
        ? themePayload(theme)
        : topic === 'APP_UNINSTALLED' || topic === 'SHOP_UPDATE'
          ? shopPayload(shop)
          : undefined);
    if (payload === undefined)
      return reply.code(400).send({ error: `A payload is needed for ${body.data.topic}` });
    const deliveries = context.dispatcher.trigger(shop.domain, topic, payload);
    return { webhookIds: deliveries.map((d) => d.webhookId) };
  });

  app.post('/_emulator/reset', async () => {
    await context.dispatcher.stop();
    context.faults.clear();
    context.store.reset();
    return { reset: true };
  });
}
