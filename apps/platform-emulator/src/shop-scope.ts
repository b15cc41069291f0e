// Helpers for routes under /shops/:shop: the `:shop` a route serves, and the 404s the
// platform answers for a domain that is not a shop.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from './context.js';
import { adminPage } from './html/admin-layout.js';
import { html } from '@gatehouse/html';
import { isShopDomain } from './shop-domain.js';
import type { ShopRecord } from './state/types.js';

export function shopParam(request: FastifyRequest): string {
  return (request.params as { shop?: string }).shop ?? '';
}

/** onRequest hook: anything that is not `<handle>.myshopify.com` is not a shop at all. */
export async function rejectInvalidShop(request: FastifyRequest, reply: FastifyReply) {
  if (!isShopDomain(shopParam(request))) {
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  }
}

/** The shop a browser page is for, or a 404 page when no such shop exists yet. */
export function shopOr404(
  context: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
): ShopRecord | null {
  const shop = context.store.shop(shopParam(request));
  if (shop) return shop;
  void reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      adminPage({
        title: 'Store unavailable',
        body: html`<div class="card">
          <h1>Sorry, this store is currently unavailable.</h1>
          <p class="muted">
            ${shopParam(request)} has no store on this platform yet. A store is created the first
            time its owner installs an app.
          </p>
        </div>`,
      }),
    );
  return null;
}
