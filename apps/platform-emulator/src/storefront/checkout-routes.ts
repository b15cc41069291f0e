// The demo storefront's cart and checkout: add to cart, change quantities, check out with
// contact, addresses, a discount code and a test card, and the order status page. A completed
// checkout places a real order (orders/create and the rest follow) with the buyer's browser
// IP and user agent, unless one of the shop's validation functions answers errors: then the
// checkout shows them and no order is placed.
import type { FastifyInstance } from 'fastify';
import { html } from '@gatehouse/html';
import { shopUrl, type EmulatorContext } from '../context.js';
import { placeOrder } from '../orders/place-order.js';
import { findVariantBySku } from './catalog.js';
import { formQuantity, readCart, writeCart, MAX_QUANTITY } from './cart.js';
import { cartBody, checkoutBody, orderStatusBody } from './checkout-pages.js';
import { checkCheckout, fieldsOf } from './checkout-form.js';
import { functionCartOf, validationFieldErrors } from './checkout-validation-errors.js';
import { runCheckoutValidations } from '../functions/run-validations.js';
import { sendStorefrontPage } from './send-page.js';
import { shopParam } from '../shop-scope.js';

export async function checkoutRoutes(app: FastifyInstance, context: EmulatorContext) {
  const storefrontPath = (shop: string) => new URL(shopUrl(context, shop)).pathname;

  app.get('/cart', (request, reply) =>
    sendStorefrontPage(context, request, reply, (baseUrl, shop) => ({
      title: 'Your cart',
      body: cartBody(baseUrl, readCart(request, shop.domain)),
    })),
  );

  app.post('/cart/add', async (request, reply) => {
    const shop = context.store.shop(shopParam(request));
    if (!shop) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const fields = fieldsOf(request.body);
    const variant = findVariantBySku(fields.sku ?? '');
    const quantity = formQuantity(fields.quantity ?? '1');
    if (!variant || !quantity) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('Choose a product and a quantity');
    }
    const lines = readCart(request, shop.domain).map((l) => ({ sku: l.sku, quantity: l.quantity }));
    const existing = lines.find((line) => line.sku === variant.sku);
    if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + quantity);
    else lines.push({ sku: variant.sku, quantity });
    writeCart(reply, shop.domain, storefrontPath(shop.domain), lines);
    return reply.redirect(shopUrl(context, shop.domain, '/cart'), 303);
  });

  app.post('/cart/update', async (request, reply) => {
    const shop = context.store.shop(shopParam(request));
    if (!shop) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const fields = fieldsOf(request.body);
    const lines = readCart(request, shop.domain).map((line) => ({
      sku: line.sku,
      quantity:
        fields.remove === line.sku ? 0 : (formQuantity(fields[`qty_${line.sku}`]) ?? line.quantity),
    }));
    writeCart(reply, shop.domain, storefrontPath(shop.domain), lines);
    return reply.redirect(shopUrl(context, shop.domain, '/cart'), 303);
  });

  app.get('/checkout', (request, reply) =>
    sendStorefrontPage(context, request, reply, (baseUrl, shop) => {
      const lines = readCart(request, shop.domain);
      return lines.length === 0
        ? { title: 'Your cart', body: cartBody(baseUrl, lines) }
        : { title: 'Checkout', body: checkoutBody(baseUrl, lines, {}, {}) };
    }),
  );

  app.post('/checkout', async (request, reply) => {
    const shop = context.store.shop(shopParam(request));
    const lines = shop ? readCart(request, shop.domain) : [];
    const fields = fieldsOf(request.body);
    if (!shop || lines.length === 0) {
      return sendStorefrontPage(context, request, reply, (baseUrl) => ({
        title: 'Your cart',
        body: cartBody(baseUrl, []),
      }));
    }
    const checked = checkCheckout(fields);
    let errors = checked.ok ? {} : checked.errors;
    const blocked = checked.ok
      ? runCheckoutValidations(context, shop.domain, functionCartOf(checked.order, lines))
      : [];
    if (blocked.length > 0) errors = validationFieldErrors(blocked);
    else if (checked.ok) {
      const { order } = checked;
      const placed = placeOrder(context, shop.domain, {
        email: order.email,
        phone: order.phone,
        customer: null,
        billingAddress: order.billing,
        shippingAddress: order.shipping,
        lines: lines.map((line) => ({ sku: line.sku, quantity: line.quantity })),
        discountCode: order.discountCode,
        gateway: 'bogus',
        browserIp: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null,
        acceptLanguage: request.headers['accept-language']?.slice(0, 200) ?? null,
        risk: null,
        card: order.card,
        tags: [],
        note: null,
        test: true,
        createdAt: null,
        sourceName: 'web',
      });
      if (placed.ok) {
        writeCart(reply, shop.domain, storefrontPath(shop.domain), []);
        return reply.redirect(shopUrl(context, shop.domain, `/orders/${placed.order.token}`), 303);
      }
      errors = { [placed.field === 'discountCode' ? 'discount_code' : 'form']: placed.message };
    }
    return sendStorefrontPage(context, request, reply, (baseUrl) => ({
      title: 'Checkout',
      status: 400,
      body: checkoutBody(baseUrl, lines, fields, errors),
    }));
  });

  app.get('/orders/:token', (request, reply) => {
    const { token } = request.params as { token: string };
    return sendStorefrontPage(context, request, reply, (baseUrl, shop) => {
      const order = context.store.state.orders.find(
        (candidate) => candidate.shop === shop.domain && candidate.token === token,
      );
      return order
        ? { title: `Order ${order.name}`, body: orderStatusBody(baseUrl, order) }
        : {
            title: 'Page not found',
            status: 404,
            body: html`<div class="page"><h1>Page not found</h1></div>`,
          };
    });
  });
}
