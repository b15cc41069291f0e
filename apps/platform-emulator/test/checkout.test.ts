// The demo storefront's cart and checkout place real orders: the cart lives in a cookie, the
// checkout checks every field, a declined test card places nothing, and a completed checkout
// makes an order with the buyer's IP, addresses, discount and the risk its card and addresses
// earn. The store admin's Orders page shows it.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderView } from '../src/index.js';
import { startEmulator } from './helpers.js';
import { SHOP, placeOrder } from './order-helpers.js';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

const BASE = `/shops/${SHOP}`;

/** A browser's cookie jar for one shop: sends the cart cookie back, keeps what it is set to. */
function browser() {
  let cookie = '';
  return {
    async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
      const response = await app.inject({
        method,
        url,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          'user-agent': 'Mozilla/5.0 (test)',
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
        remoteAddress: '198.51.100.23',
      });
      const set = response.headers['set-cookie'];
      const line = Array.isArray(set) ? set[0] : set;
      if (line) cookie = line.includes('Max-Age=0') ? '' : (line.split(';')[0] ?? '');
      return response;
    },
  };
}

const CHECKOUT = {
  email: 'grace@example.com',
  phone: '+1 415 555 0123',
  ship_country: 'US',
  ship_first_name: 'Grace',
  ship_last_name: 'Hopper',
  ship_address1: '1 Harbor Way',
  ship_city: 'Arlington',
  ship_province: 'Virginia',
  ship_zip: '22201',
  billing_same: 'on',
  card_number: '4242 4242 4242 4242',
  card_name: 'Grace Hopper',
};

async function orders(): Promise<OrderView[]> {
  return ((await app.inject(`/_emulator/shops/${SHOP}/orders`)).json() as { orders: OrderView[] })
    .orders;
}

describe('cart and checkout', () => {
  it('adds to the cart, changes quantities and removes lines', async () => {
    const b = browser();
    const add = await b.request('POST', `${BASE}/cart/add`, {
      sku: 'SUMMIT-65L-BACKPACK-M-L',
      quantity: '2',
    });
    expect(add.statusCode).toBe(303);
    await b.request('POST', `${BASE}/cart/add`, { sku: 'BASECAMP-CAMP-STOVE', quantity: '1' });
    let cart = await b.request('GET', `${BASE}/cart`);
    expect(cart.body).toContain('Summit 65L Backpack – M/L');
    expect(cart.body).toContain('$547.00');

    await b.request('POST', `${BASE}/cart/update`, {
      'qty_SUMMIT-65L-BACKPACK-M-L': '1',
      'qty_BASECAMP-CAMP-STOVE': '1',
    });
    cart = await b.request('GET', `${BASE}/cart`);
    expect(cart.body).toContain('$318.00');
    await b.request('POST', `${BASE}/cart/update`, { remove: 'SUMMIT-65L-BACKPACK-M-L' });
    cart = await b.request('GET', `${BASE}/cart`);
    expect(cart.body).not.toContain('Summit');
    expect(
      (await b.request('POST', `${BASE}/cart/add`, { sku: 'NOPE', quantity: '1' })).statusCode,
    ).toBe(400);
  });

  it('places an order with the buyer’s details, IP, discount and a low risk', async () => {
    const b = browser();
    await b.request('POST', `${BASE}/cart/add`, { sku: 'CIRRUS-DOWN-JACKET-M', quantity: '1' });
    expect((await b.request('GET', `${BASE}/checkout`)).body).toContain('Bogus Gateway');
    const done = await b.request('POST', `${BASE}/checkout`, {
      ...CHECKOUT,
      discount_code: 'save20',
    });
    expect(done.statusCode).toBe(303);
    const [order] = await orders();
    expect(order).toMatchObject({
      name: '#1001',
      email: 'grace@example.com',
      phone: '+14155550123',
      browserIp: '198.51.100.23',
      gateway: 'bogus',
      discountCode: { code: 'SAVE20', amount: '20.00' },
      total: '269.00',
      shippingAddress: { lastName: 'Hopper', countryCode: 'US', city: 'Arlington' },
      billingAddress: { lastName: 'Hopper', countryCode: 'US' },
      lines: [{ sku: 'CIRRUS-DOWN-JACKET-M', quantity: 1 }],
      risk: { level: 'LOW', recommendation: 'ACCEPT' },
      customer: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(done.headers.location).toBe(order?.statusPageUrl);
    const status = await b.request('GET', new URL(order?.statusPageUrl ?? '').pathname);
    expect(status.body).toContain('Thank you, Grace!');
    // The cart is emptied.
    expect((await b.request('GET', `${BASE}/cart`)).body).toContain('Your cart is empty');
  });

  it('rates a highest-risk card HIGH and a foreign billing country MEDIUM', async () => {
    const b = browser();
    await b.request('POST', `${BASE}/cart/add`, {
      sku: 'ALPINE-TREKKING-POLES-PAIR',
      quantity: '1',
    });
    await b.request('POST', `${BASE}/checkout`, { ...CHECKOUT, card_number: '4100000000000019' });
    await b.request('POST', `${BASE}/cart/add`, {
      sku: 'ALPINE-TREKKING-POLES-PAIR',
      quantity: '1',
    });
    const separate: Partial<typeof CHECKOUT> = { ...CHECKOUT };
    delete separate.billing_same;
    await b.request('POST', `${BASE}/checkout`, {
      ...separate,
      bill_country: 'NG',
      bill_last_name: 'Hopper',
      bill_address1: '4 Marina',
      bill_city: 'Lagos',
      bill_zip: '101001',
    });
    const [foreign, risky] = await orders();
    expect(risky?.risk).toMatchObject({ level: 'HIGH', recommendation: 'CANCEL' });
    expect(foreign?.risk.level).toBe('MEDIUM');
    expect(foreign?.billingAddress?.countryCode).toBe('NG');
    expect(JSON.stringify(foreign?.risk.assessments)).toContain('different country');
  });

  it('shows what is wrong and places nothing for bad fields or a declined card', async () => {
    const b = browser();
    await b.request('POST', `${BASE}/cart/add`, { sku: 'BASECAMP-CAMP-STOVE', quantity: '1' });
    const bad = await b.request('POST', `${BASE}/checkout`, {
      ...CHECKOUT,
      email: 'not-an-email',
      ship_zip: '',
      discount_code: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter a valid email');
    expect(bad.body).toContain('Enter a ZIP / postal code');
    const declined = await b.request('POST', `${BASE}/checkout`, {
      ...CHECKOUT,
      card_number: '4000000000000002',
    });
    expect(declined.body).toContain('Your card was declined');
    const realCard = await b.request('POST', `${BASE}/checkout`, {
      ...CHECKOUT,
      card_number: '5555555555554444',
    });
    expect(realCard.body).toContain('Use one of the test cards');
    const code = await b.request('POST', `${BASE}/checkout`, {
      ...CHECKOUT,
      discount_code: 'BOGUS',
    });
    expect(code.body).toContain('Enter a valid discount code');
    expect(await orders()).toEqual([]);
  });

  it('lists orders in the store admin with status, risk, tags and refunds', async () => {
    const placed = await placeOrder(app, { risk: { level: 'HIGH' }, tags: ['gatehouse-flagged'] });
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/orders/${placed.id}/fulfill`,
    });
    const page = await app.inject(`${BASE}/admin/orders`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(placed.name);
    expect(page.body).toContain('High risk');
    expect(page.body).toContain('gatehouse-flagged');
    expect(page.body).toContain('Fulfilled');
    const detail = await app.inject(`${BASE}/admin/orders/${placed.id}`);
    expect(detail.body).toContain('recommendation Cancel');
    expect(detail.body).toContain('203.0.113.7');
    expect((await app.inject(`${BASE}/admin/orders/1`)).statusCode).toBe(404);
  });
});
