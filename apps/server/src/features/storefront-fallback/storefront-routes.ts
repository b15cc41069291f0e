// The public files a store without the app embed loads through its script tag: the loader
// (GET /storefront/fallback.js?shop=…, the script tag's source with the shop the platform
// appends) and the storefront script itself (GET /storefront/gatehouse.js, the same build the
// app embed ships). Registered in the storefront scope: any store may load them.
import { readFile } from 'node:fs/promises';
import { FALLBACK_LOADER_PATH, FALLBACK_SCRIPT_PATH, isShopDomain } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../errors.js';
import { fallbackLoader } from './fallback-loader.js';

const JS = 'text/javascript; charset=utf-8';
/** Browsers and CDNs may keep either file a few minutes; a new build reaches stores soon. */
const CACHE = 'public, max-age=300';

export async function storefrontFallbackRoutes(app: FastifyInstance): Promise<void> {
  app.get(FALLBACK_LOADER_PATH, async (request, reply) => {
    void reply.header('access-control-allow-origin', '*');
    const { shop } = request.query as { shop?: unknown };
    if (typeof shop !== 'string' || !isShopDomain(shop)) {
      throw badRequest('shop must be the store’s myshopify.com domain.');
    }
    return reply
      .type(JS)
      .header('cache-control', CACHE)
      .send(fallbackLoader(shop, app.config.appUrl));
  });

  app.get(FALLBACK_SCRIPT_PATH, async (request, reply) => {
    void reply.header('access-control-allow-origin', '*');
    let script: Buffer;
    try {
      script = await readFile(app.config.storefrontScript);
    } catch (error) {
      request.log.error({ err: error }, 'the storefront script is not built');
      throw notFound('The storefront script is not available.');
    }
    return reply.type(JS).header('cache-control', CACHE).send(script);
  });
}
