// Cart and checkout validations: the app's function is listed (shopifyFunctions), a validation
// is created on it and keeps its configuration in metafields, and the storefront's checkout
// runs the function with an input built from its input query: a buyer it stops sees the
// message beside the field it aimed at and no order is placed; a validation turned off, or a
// buyer not listed, checks out as before.
import { buildBlockList, partKey, SETTINGS_KEY } from '@gatehouse/checkout-validation/block-list';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildFunctionInput, type FunctionCart } from '../src/functions/function-input.js';
import { graphql, install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const BASE = `/shops/${SHOP}`;
const MESSAGE = 'Sorry, we cannot accept this order. Contact us for help.';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

const CHECKOUT = {
  email: 'grace@example.com',
  phone: '+1 415 555 0123',
  ship_country: 'US',
  ship_first_name: 'Grace',
  ship_last_name: 'Hopper',
  ship_address1: '1 Harbor Way',
  ship_city: 'Arlington',
  ship_zip: '22201',
  billing_same: 'on',
  card_number: '4242 4242 4242 4242',
  card_name: 'Grace Hopper',
};

/** Adds one product to a fresh cart and submits the checkout with these fields. */
async function checkout(fields: Record<string, string>) {
  const add = await app.inject({
    method: 'POST',
    url: `${BASE}/cart/add`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ sku: 'BASECAMP-CAMP-STOVE', quantity: '1' }).toString(),
  });
  const cookie = String(add.headers['set-cookie']).split(';')[0]!;
  return app.inject({
    method: 'POST',
    url: `${BASE}/checkout`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const orderCount = async () =>
  ((await app.inject(`/_emulator/shops/${SHOP}/orders`)).json() as { orders: unknown[] }).orders
    .length;

/** Creates the validation on the app's function and writes a block list on it. */
async function activate(token: string, entries: Parameters<typeof buildBlockList>[0]) {
  const functions = await graphql<{
    shopifyFunctions: { nodes: { id: string; apiType: string; handle: string }[] };
  }>(
    app,
    SHOP,
    token,
    '{ shopifyFunctions(first: 10, apiType: "cart_checkout_validation") { nodes { id apiType handle } } }',
  );
  const [fn] = functions.body.data!.shopifyFunctions.nodes;
  expect(fn?.apiType).toBe('cart_checkout_validation');
  const created = await graphql<{
    validationCreate: {
      validation: { id: string; enabled: boolean } | null;
      userErrors: unknown[];
    };
  }>(
    app,
    SHOP,
    token,
    `
      mutation Create($validation: ValidationCreateInput!) {
        validationCreate(validation: $validation) {
          validation {
            id
            enabled
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    {
      validation: {
        functionHandle: fn!.handle,
        enable: true,
        blockOnFailure: false,
        title: 'Block list',
      },
    },
  );
  expect(created.body.data!.validationCreate.userErrors).toEqual([]);
  const id = created.body.data!.validationCreate.validation!.id;
  const built = buildBlockList(entries, MESSAGE);
  const set = await graphql<{ metafieldsSet: { userErrors: unknown[] } }>(
    app,
    SHOP,
    token,
    `
      mutation Set($metafields: [MetafieldsSetInput!]!) {
        metafieldsSet(metafields: $metafields) {
          metafields {
            id
          }
          userErrors {
            field
            message
          }
        }
      }
    `,
    {
      metafields: [
        {
          ownerId: id,
          namespace: '$app',
          key: SETTINGS_KEY,
          type: 'json',
          value: JSON.stringify(built.settings),
        },
        ...built.parts.map((value, i) => ({
          ownerId: id,
          namespace: '$app',
          key: partKey(i),
          type: 'single_line_text_field',
          value,
        })),
      ],
    },
  );
  expect(set.body.data!.metafieldsSet.userErrors).toEqual([]);
  return id;
}

describe('cart and checkout validations', () => {
  it('need the validations scope', async () => {
    const token = await install(app, SHOP, 'read_orders');
    const res = await graphql(app, SHOP, token, '{ validations(first: 5) { nodes { id } } }');
    expect(JSON.stringify(res.body.errors)).toContain('read_validations');
  });

  it('stop a listed buyer at checkout with the message beside the field, and place nothing', async () => {
    const token = await install(app, SHOP, 'read_orders,write_validations');
    const id = await activate(token, [
      { kind: 'email', value: 'fraud@example.com' },
      { kind: 'zip', value: '90210' },
    ]);
    const listed = await graphql<{
      validations: {
        nodes: { id: string; enabled: boolean; metafield: { value: string } | null }[];
      };
    }>(
      app,
      SHOP,
      token,
      '{ validations(first: 5) { nodes { id enabled metafield(namespace: "$app", key: "block-list") { value } } } }',
    );
    expect(listed.body.data!.validations.nodes).toEqual([
      { id, enabled: true, metafield: { value: expect.stringContaining(MESSAGE) } },
    ]);

    const before = await orderCount();
    const blocked = await checkout({ ...CHECKOUT, email: 'Fraud@Example.com' });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.body).toContain(MESSAGE);
    const byZip = await checkout({ ...CHECKOUT, ship_zip: '90210' });
    expect(byZip.statusCode).toBe(400);
    expect(byZip.body).toContain(MESSAGE);
    expect(await orderCount()).toBe(before);

    const allowed = await checkout(CHECKOUT);
    expect(allowed.statusCode).toBe(303);
    expect(await orderCount()).toBe(before + 1);

    // Turned off in the store's checkout settings: the function no longer runs.
    await graphql(
      app,
      SHOP,
      token,
      'mutation Off($id: ID!) { validationUpdate(id: $id, validation: { enable: false }) { userErrors { message } } }',
      { id },
    );
    expect((await checkout({ ...CHECKOUT, email: 'fraud@example.com' })).statusCode).toBe(303);
  });

  it('refuses metafields on a validation of another shop', async () => {
    const token = await install(app, SHOP, 'write_validations');
    const other = await install(app, 'other.myshopify.com', 'write_validations');
    const id = await activate(token, [{ kind: 'email', value: 'a@b.co' }]);
    const set = await graphql<{ metafieldsSet: { userErrors: { message: string }[] } }>(
      app,
      'other.myshopify.com',
      other,
      `
        mutation Set($metafields: [MetafieldsSetInput!]!) {
          metafieldsSet(metafields: $metafields) {
            userErrors {
              message
            }
          }
        }
      `,
      {
        metafields: [
          { ownerId: id, namespace: '$app', key: 'block-list', type: 'json', value: '{}' },
        ],
      },
    );
    expect(set.body.data!.metafieldsSet.userErrors).toEqual([{ message: 'Owner does not exist.' }]);
  });
});

describe('a function input', () => {
  const cart: FunctionCart = {
    email: 'ada@example.org',
    phone: null,
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '12 Analytical Row',
      address2: null,
      city: 'London',
      countryCode: 'GB',
      zip: 'SW1A 1AA',
      phone: null,
    },
    lines: [{ sku: 'X', quantity: 2, totalCents: 1500 }],
    currency: 'USD',
  };
  const metafield = (namespace: string | null, key: string) =>
    key === 'config' ? { type: 'json', value: `{"ns":"${namespace}"}` } : null;

  it('holds exactly the fields the query asks for, under their aliases', () => {
    const input = buildFunctionInput(
      `query Input {
        cart { buyerIdentity { email } deliveryGroups { deliveryAddress { zip country: countryCode } } }
        validation { config: metafield(namespace: "$app", key: "config") { value } missing: metafield(key: "none") { value } }
      }`,
      cart,
      metafield,
    );
    expect(input).toEqual({
      cart: {
        buyerIdentity: { email: 'ada@example.org' },
        deliveryGroups: [{ deliveryAddress: { zip: 'SW1A 1AA', country: 'GB' } }],
      },
      validation: { config: { value: '{"ns":"$app"}' }, missing: null },
    });
  });

  it('gives money as decimal strings, and refuses a query for a field the schema lacks', () => {
    const input = buildFunctionInput(
      '{ cart { cost { totalAmount { amount currencyCode } } lines { quantity } } }',
      cart,
      metafield,
    );
    expect(input).toEqual({
      cart: {
        cost: { totalAmount: { amount: '15.00', currencyCode: 'USD' } },
        lines: [{ quantity: 2 }],
      },
    });
    expect(() => buildFunctionInput('{ cart { creditCard } }', cart, metafield)).toThrow(
      /Cannot query field "creditCard"/,
    );
  });
});
