// Sends one storefront page: the shop (or its 404), the theme layout, and the enabled app
// embeds rendered into it, and the loader of the apps' script tags (in the head, as the
// platform's own header content), as every page of the demo store is served.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SafeHtml } from '@gatehouse/html';
import { shopUrl, type EmulatorContext } from '../context.js';
import { shopOr404 } from '../shop-scope.js';
import type { ShopRecord } from '../state/types.js';
import { scriptTagLoader } from '../script-tags/script-tags.js';
import { renderAppEmbeds } from './app-embed-render.js';
import { storefrontPage } from './storefront-layout.js';

export interface PageContent {
  title: string;
  body: SafeHtml;
  status?: number;
}

export async function sendStorefrontPage(
  context: EmulatorContext,
  request: FastifyRequest,
  reply: FastifyReply,
  build: (baseUrl: string, shop: ShopRecord) => PageContent,
): Promise<FastifyReply> {
  const shop = shopOr404(context, request, reply);
  if (!shop) return reply;
  const baseUrl = shopUrl(context, shop.domain);
  const page = build(baseUrl, shop);
  const rendered = await renderAppEmbeds(context, shop);
  const embeds = { ...rendered, head: scriptTagLoader(context, shop.domain) + rendered.head };
  return reply
    .code(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .send(
      storefrontPage({
        title: `${page.title} – ${shop.name}`,
        shopName: shop.name,
        baseUrl,
        embeds,
        body: page.body,
      }),
    );
}
