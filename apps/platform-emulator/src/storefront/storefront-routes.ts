// The demo storefront: /shops/:shop/ (home), /collections/all and /products/:handle (the cart
// and checkout are in checkout-routes.ts), plus the CDN path that serves the theme app
// extension's assets.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { html, raw } from '@gatehouse/html';
import { PRODUCTS, findProduct, formatPrice, variantSku, type Product } from './catalog.js';
import { sendStorefrontPage, type PageContent } from './send-page.js';
import { HERO, THEME_ASSETS_PATH, themeAsset } from './theme-assets.js';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

function productCard(baseUrl: string, product: Product) {
  return html`<a class="card-product" href="${baseUrl}/products/${product.handle}">
    ${raw(product.art)}
    <h3>${product.title}</h3>
    <div class="price">
      ${formatPrice(product.price)}${product.compareAtPrice ? html`<s>${formatPrice(product.compareAtPrice)}</s>` : ''}
    </div>
  </a>`;
}

export async function storefrontRoutes(app: FastifyInstance, context: EmulatorContext) {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    build: (baseUrl: string) => PageContent,
  ) => sendStorefrontPage(context, request, reply, build);

  app.get('/', (request, reply) =>
    send(request, reply, (baseUrl) => ({
      title: 'Home',
      body: html`<section class="hero">
          <img
            class="hero-image"
            src="${baseUrl}${THEME_ASSETS_PATH}/${HERO.file}"
            width="${HERO.width}"
            height="${HERO.height}"
            alt=""
            fetchpriority="high"
          />
          <div class="hero-text">
            <h1>Gear for the long way round</h1>
            <p>Tents, packs and layers tested on real trails.</p>
            <a class="button light" href="${baseUrl}/collections/all">Shop all</a>
          </div>
        </section>
        <div class="page">
          <h2>Featured products</h2>
          <div class="grid">${PRODUCTS.slice(0, 4).map((p) => productCard(baseUrl, p))}</div>
        </div>`,
    })),
  );

  app.get('/collections/all', (request, reply) =>
    send(request, reply, (baseUrl) => ({
      title: 'Products',
      body: html`<div class="page">
        <h1>Products</h1>
        <p>${PRODUCTS.length} products</p>
        <div class="grid">${PRODUCTS.map((p) => productCard(baseUrl, p))}</div>
      </div>`,
    })),
  );

  app.get('/products/:handle', (request, reply) => {
    const product = findProduct((request.params as { handle: string }).handle);
    return send(request, reply, (baseUrl) =>
      product
        ? {
            title: product.title,
            body: html`<div class="page product">
              <div>${raw(product.art)}</div>
              <div>
                <div class="vendor">${product.vendor}</div>
                <h1>${product.title}</h1>
                <div class="price">
                  ${formatPrice(product.price)}${product.compareAtPrice ? html`<s>${formatPrice(product.compareAtPrice)}</s>` : ''}
                </div>
                <form method="post" action="${baseUrl}/cart/add">
                  ${
                    product.variants.length > 1
                      ? html`<label class="field" for="variant">Option</label>
                          <select id="variant" name="sku">
                            ${product.variants.map(
                              (v) => html`<option value="${variantSku(product, v)}">${v}</option>`,
                            )}
                          </select>`
                      : html`<input
                          type="hidden"
                          name="sku"
                          value="${variantSku(product, product.variants[0] ?? 'Default Title')}"
                        />`
                  }
                  <label class="field" for="quantity">Quantity</label>
                  <input id="quantity" type="number" name="quantity" min="1" value="1" />
                  <p><button class="button" type="submit">Add to cart</button></p>
                </form>
                <p>${product.description}</p>
              </div>
            </div>`,
          }
        : {
            status: 404,
            title: 'Page not found',
            body: html`<div class="page">
              <h1>Page not found</h1>
              <p>The page you were looking for does not exist.</p>
              <a class="button" href="${baseUrl}/collections/all">Continue shopping</a>
            </div>`,
          },
    );
  });

  app.get(`${THEME_ASSETS_PATH}/:file`, async (request, reply) => {
    const asset = themeAsset((request.params as { file: string }).file);
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .type(asset.type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(asset.body);
  });

  app.get('/cdn/extensions/:extension/assets/:file', async (request, reply) => {
    const { extension, file } = request.params as { extension: string; file: string };
    const dir = context.extension().dir;
    const folder = dir.replace(/\/+$/, '').split('/').pop();
    const path = join(dir, 'assets', file);
    if (
      extension !== folder ||
      !/^[\w.-]+$/.test(file) ||
      file.startsWith('.') ||
      !existsSync(path)
    ) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return reply
      .type(CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
      .header('Cache-Control', 'no-cache')
      .send(readFileSync(path));
  });
}
