// The admin page as the platform's admin frames it. The admin opens the app's URL with its
// query (`shop`, `host`, `embedded=1`, `id_token`, `timestamp`, `hmac`…), trusted only when its
// HMAC is valid and its timestamp fresh (a stale or forged one is refused, and cannot be framed);
// that page may be framed by the shop's admin only (`frame-ancestors https://<shop>
// https://admin.shopify.com`, and the emulator's admin in development), loads App Bridge first
// in its head with the app's key, and lets App Bridge's script run. A session token in the query installs a shop the platform
// installed itself before the page's first call; one for another shop than the query names is
// refused. Every other page keeps refusing to be framed.
import { isShopDomain } from '@gatehouse/contracts';
import { escapeHtml } from '@gatehouse/html';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../env.js';

export const SHOPIFY_ADMIN_ORIGIN = 'https://admin.shopify.com';
/** The app's handle (shopify.app.toml): the admin opens it at `https://{shop}/admin/apps/{handle}`. */
export const APP_HANDLE = 'gatehouse';

/** Why an embedded load is refused, for the page that says so. */
export const embeddedLoadFailures = {
  shop: 'This address does not name a Shopify store. Open Gatehouse from your Shopify admin.',
  signature:
    'This address was not signed by Shopify or is too old. Open Gatehouse again from your Shopify admin.',
  token:
    'This sign-in could not be verified, or it belongs to another store. Open Gatehouse again from your Shopify admin.',
} as const;

export interface EmbeddedLoad {
  shop: string;
  /** The session token the admin put in the query, if any. */
  idToken: string | null;
}

/**
 * The embedded query of a page request, or null for a standalone page. A request that says it
 * is embedded but names no valid shop answers `{ shop: '' }`, refused by the caller.
 */
export function embeddedLoadOf(request: FastifyRequest): EmbeddedLoad | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof query[key] === 'string' ? query[key] : '');
  if (text('embedded') !== '1' && !text('host')) return null;
  const shop = text('shop').toLowerCase();
  return { shop: isShopDomain(shop) ? shop : '', idToken: text('id_token') || null };
}

function origin(url: string): string {
  return new URL(url).origin;
}

/** The Content-Security-Policy of an embedded page for one shop. */
export function embeddedContentSecurityPolicy(config: AppConfig, shop: string): string {
  const ancestors = [`https://${shop}`, SHOPIFY_ADMIN_ORIGIN];
  // The emulator's admin frames the app from its own origin.
  if (config.platformUrl) ancestors.push(origin(config.platformUrl));
  const appBridge = origin(config.appBridgeUrl);
  return [
    "default-src 'self'",
    `script-src 'self' ${appBridge}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${appBridge}`,
    `frame-ancestors ${ancestors.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join(';');
}

/** Sets the embedded page's headers in place of the standalone ones that forbid framing. */
export function setEmbeddedHeaders(reply: FastifyReply, config: AppConfig, shop: string): void {
  reply.header('content-security-policy', embeddedContentSecurityPolicy(config, shop));
  reply.removeHeader('x-frame-options');
  reply.header('cache-control', 'no-store');
}

/** The built index.html with App Bridge's key and script first in its head. */
export function withAppBridge(indexHtml: string, config: AppConfig): string {
  const tags =
    `<meta name="shopify-api-key" content="${escapeHtml(config.shopify.apiKey)}" />` +
    `<script src="${escapeHtml(config.appBridgeUrl)}"></script>`;
  // Right after the charset, which must stay first: App Bridge is the first script.
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(indexHtml);
  if (charset) {
    const end = charset.index + charset[0].length;
    return indexHtml.slice(0, end) + tags + indexHtml.slice(end);
  }
  return indexHtml.replace(/<head>/i, `<head>${tags}`);
}

/** The page an embedded load gets when it is refused. */
export function embeddedFailurePage(reply: FastifyReply, status: 400 | 401, message: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatehouse</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#303030">` +
        `<h1 style="font-size:1.25rem">Gatehouse could not open</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
}
