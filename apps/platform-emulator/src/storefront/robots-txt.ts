// The storefront's robots.txt: the platform's default file (its groups for every crawler, for
// Google's ad bot, which reads only a group that names it, and for a few crawlers the platform
// slows or turns away), or the text a test set through the control API in its place, as a
// merchant's robots.txt.liquid template would.
import type { FastifyInstance } from 'fastify';
import { shopUrl, type EmulatorContext } from '../context.js';
import { shopOr404 } from '../shop-scope.js';
import type { ShopRecord } from '../state/types.js';

/** The platform's default robots.txt for one shop. */
export function defaultRobotsTxt(shop: ShopRecord, baseUrl: string): string {
  const everyone = [
    '/a/downloads/-/*',
    '/admin',
    '/cart',
    '/orders',
    '/checkouts/',
    '/checkout',
    `/${shop.id}/checkouts`,
    `/${shop.id}/orders`,
    '/carts',
    '/account',
    '/collections/*sort_by*',
    '/*/collections/*sort_by*',
    '/collections/*+*',
    '/collections/*%2B*',
    '/collections/*%2b*',
    '/*/collections/*+*',
    '/*/collections/*%2B*',
    '/*/collections/*%2b*',
    '*/collections/*filter*&*filter*',
    '/blogs/*+*',
    '/blogs/*%2B*',
    '/blogs/*%2b*',
    '/*/blogs/*+*',
    '/*/blogs/*%2B*',
    '/*/blogs/*%2b*',
    '/*?*oseid=*',
    '/*preview_theme_id*',
    '/*preview_script_id*',
    '/policies/',
    '/*/policies/',
    '/*/*?*ls=*&ls=*',
    '/*/*?*ls%3D*%3Fls%3D*',
    '/*/*?*ls%3d*%3fls%3d*',
    '/search',
  ];
  const adsBot = [
    '/checkouts/',
    '/checkout',
    '/carts',
    '/orders',
    `/${shop.id}/checkouts`,
    `/${shop.id}/orders`,
    '/*?*oseid=*',
    '/*preview_theme_id*',
    '/*preview_script_id*',
  ];
  const disallow = (paths: string[]) => paths.map((path) => `Disallow: ${path}`);
  return [
    '# we use Shopify as our ecommerce platform',
    '',
    'User-agent: *',
    ...disallow(everyone),
    'Allow: /search/',
    'Disallow: /search/?*',
    'Disallow: /apple-app-site-association',
    'Disallow: /.well-known/shopify/monorail',
    'Disallow: /cdn/wpm/*.js',
    'Disallow: /recommendations/products',
    'Disallow: /*/recommendations/products',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
    '# Google adsbot ignores robots.txt unless specifically named!',
    'User-agent: adsbot-google',
    ...disallow(adsBot),
    '',
    'User-agent: Nutch',
    'Disallow: /',
    '',
    'User-agent: AhrefsBot',
    'Crawl-delay: 10',
    ...disallow(everyone.slice(0, 10)),
    '',
    'User-agent: MJ12bot',
    'Crawl-Delay: 10',
    '',
    'User-agent: Pinterest',
    'Crawl-delay: 1',
    '',
  ].join('\n');
}

export function robotsTxtOf(context: EmulatorContext, shop: ShopRecord): string {
  return shop.robotsTxt ?? defaultRobotsTxt(shop, shopUrl(context, shop.domain));
}

export async function robotsTxtRoute(app: FastifyInstance, context: EmulatorContext) {
  app.get('/robots.txt', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    return reply.type('text/plain; charset=utf-8').send(robotsTxtOf(context, shop));
  });
}
