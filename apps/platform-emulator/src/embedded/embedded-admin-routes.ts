// The store admin with the app embedded in it, as Shopify shows an embedded app:
//   GET  /shops/:shop/admin/app-store/:handle   the app's listing, with Install
//   POST /shops/:shop/admin/app-store/:handle   a managed installation (the declared scopes, no
//                                               OAuth redirect), then straight into the app
//   GET  /shops/:shop/admin/apps/:handle[/path] the admin's chrome framing the app's URL (and path)
//                                               with the query Shopify sends: shop, host,
//                                               embedded=1, id_token, locale, session, timestamp,
//                                               hmac (over the rest, with the app's secret)
//   POST /shops/:shop/admin/apps/:handle/id-token  a fresh session token, for the admin page's
//                                               answer to App Bridge's idToken()
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html } from '@gatehouse/html';
import { shopUrl, type EmulatorContext } from '../context.js';
import { adminPage } from '../html/admin-layout.js';
import { installManaged } from '../installations.js';
import { queryHmac } from '../oauth/query-hmac.js';
import { describeScope } from '../oauth/scopes.js';
import { shopOr404, shopParam } from '../shop-scope.js';
import type { ShopRecord } from '../state/types.js';
import { embeddedAdminPage } from './embedded-admin-page.js';
import { mintSessionToken } from './session-tokens.js';

/** The admin's `host` parameter: its own address for the shop, base64url-encoded. */
export function hostParam(context: EmulatorContext, shop: string): string {
  const admin = new URL(shopUrl(context, shop, '/admin'));
  return Buffer.from(`${admin.host}${admin.pathname}`).toString('base64url');
}

/** The app's URL as the admin frames it: the app's path and Shopify's signed query. */
export async function frameUrl(
  context: EmulatorContext,
  shop: string,
  path: string,
  /** The admin address's own query, passed on to the app beside Shopify's. */
  appQuery: Record<string, string> = {},
): Promise<string> {
  const params: Record<string, string> = {
    ...appQuery,
    embedded: '1',
    host: hostParam(context, shop),
    id_token: await mintSessionToken(context, shop),
    locale: 'en',
    session: randomBytes(16).toString('hex'),
    shop,
    timestamp: String(Math.floor(context.tokens.now() / 1000)),
  };
  params.hmac = queryHmac(context.app.clientSecret, params);
  const url = new URL(path.replace(/^\/*/, '/'), `${context.app.applicationUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

function appHandle(context: EmulatorContext, request: FastifyRequest, reply: FastifyReply) {
  const { handle } = request.params as { handle: string };
  if (handle === context.app.handle) return true;
  void reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  return false;
}

function listingPage(context: EmulatorContext, shop: ShopRecord): string {
  const installed = Boolean(context.store.state.installations[shop.domain]);
  const appUrl = shopUrl(context, shop.domain, `/admin/apps/${context.app.handle}`);
  return adminPage({
    title: `${context.app.name} · App Store`,
    shopName: shop.name,
    body: html`<div class="card">
      <h1>${context.app.name}</h1>
      <p class="muted">Protects your storefront and orders. Installs on ${shop.domain}.</p>
      <h2>It will be able to</h2>
      <ul class="plain">
        ${context.app.configuration.scopes.map((scope) => html`<li>${describeScope(scope)}</li>`)}
      </ul>
      <div class="actions">
        ${
          installed
            ? html`<a class="btn primary" href="${appUrl}">Open app</a>`
            : html`<form
                method="post"
                action="${shopUrl(context, shop.domain, `/admin/app-store/${context.app.handle}`)}"
              >
                <button class="btn primary" type="submit">Install</button>
              </form>`
        }
      </div>
    </div>`,
  });
}

export async function embeddedAdminRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.get('/admin/app-store/:handle', async (request, reply) => {
    if (!appHandle(context, request, reply)) return reply;
    const shop = context.store.ensureShop(shopParam(request));
    return reply.type('text/html; charset=utf-8').send(listingPage(context, shop));
  });

  app.post('/admin/app-store/:handle', async (request, reply) => {
    if (!appHandle(context, request, reply)) return reply;
    const shop = context.store.ensureShop(shopParam(request));
    installManaged(context, shop.domain);
    return reply.redirect(shopUrl(context, shop.domain, `/admin/apps/${context.app.handle}`), 303);
  });

  async function framed(request: FastifyRequest, reply: FastifyReply) {
    if (!appHandle(context, request, reply)) return reply;
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    if (!context.store.state.installations[shop.domain]) {
      return reply.redirect(
        shopUrl(context, shop.domain, `/admin/app-store/${context.app.handle}`),
        302,
      );
    }
    const path = (request.params as { '*'?: string })['*'] ?? '';
    const appQuery = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    return reply.type('text/html; charset=utf-8').send(
      embeddedAdminPage({
        appName: context.app.name,
        shopName: shop.name,
        frameUrl: await frameUrl(context, shop.domain, path, appQuery),
        idTokenUrl: shopUrl(context, shop.domain, `/admin/apps/${context.app.handle}/id-token`),
        homeUrl: shopUrl(context, shop.domain, '/admin'),
      }),
    );
  }
  app.get('/admin/apps/:handle', framed);
  app.get('/admin/apps/:handle/*', framed);

  app.post('/admin/apps/:handle/id-token', async (request, reply) => {
    if (!appHandle(context, request, reply)) return reply;
    const shop = shopParam(request);
    if (!context.store.state.installations[shop]) {
      return reply.code(409).send({ error: `${context.app.name} is not installed on this shop` });
    }
    return { token: await mintSessionToken(context, shop) };
  });
}
