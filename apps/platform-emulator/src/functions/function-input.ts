// A function's input, as the platform builds it: the target's input query run against the
// function API's input schema (the part of it this emulator knows), over the checkout's cart
// and the validation's metafields. graphql-js walks the query's selection, so the input holds
// exactly the fields asked for, under their aliases, and a query that asks for a field the
// schema lacks is refused as the platform refuses it at deploy.
import { buildSchema, executeSync, parse, validate, type GraphQLSchema } from 'graphql';

const inputSchema: GraphQLSchema = buildSchema(/* GraphQL */ `
  schema {
    query: Input
  }

  enum BuyerJourneyStep {
    CART_INTERACTION
    CHECKOUT_INTERACTION
    CHECKOUT_COMPLETION
  }

  "A two-letter country code (an enum on the platform; its values are the same strings)."
  scalar CountryCode

  type BuyerJourney {
    step: BuyerJourneyStep
  }

  type Customer {
    id: ID!
    email: String
    numberOfOrders: Int!
  }

  type BuyerIdentity {
    email: String
    phone: String
    isAuthenticated: Boolean!
    customer: Customer
  }

  type MailingAddress {
    address1: String
    address2: String
    city: String
    company: String
    countryCode: CountryCode
    firstName: String
    lastName: String
    name: String
    phone: String
    provinceCode: String
    zip: String
  }

  type CartDeliveryGroup {
    id: ID!
    deliveryAddress: MailingAddress
  }

  type MoneyV2 {
    amount: String!
    currencyCode: String!
  }

  type CartLineCost {
    totalAmount: MoneyV2!
  }

  type ProductVariant {
    id: ID!
    sku: String
  }

  type CartLine {
    id: ID!
    quantity: Int!
    cost: CartLineCost!
    merchandise: ProductVariant!
  }

  type CartCost {
    totalAmount: MoneyV2!
  }

  type Cart {
    buyerIdentity: BuyerIdentity
    deliveryGroups: [CartDeliveryGroup!]!
    lines: [CartLine!]!
    cost: CartCost!
  }

  type Metafield {
    type: String!
    value: String!
  }

  type Validation {
    metafield(namespace: String, key: String!): Metafield
  }

  type Input {
    buyerJourney: BuyerJourney!
    cart: Cart!
    validation: Validation!
  }
`);

export interface FunctionCart {
  email: string | null;
  phone: string | null;
  shippingAddress: {
    firstName: string;
    lastName: string;
    address1: string;
    address2: string | null;
    city: string;
    countryCode: string;
    zip: string;
    phone: string | null;
  } | null;
  lines: { sku: string; quantity: number; totalCents: number }[];
  currency: string;
}

const money = (cents: number, currencyCode: string) => ({
  amount: (cents / 100).toFixed(2),
  currencyCode,
});

/**
 * Runs the input query over the cart; metafield(namespace, key) answers the validation's own.
 * Throws when the query does not fit the schema.
 */
export function buildFunctionInput(
  query: string,
  cart: FunctionCart,
  metafield: (namespace: string | null, key: string) => { type: string; value: string } | null,
): Record<string, unknown> {
  const document = parse(query);
  const problems = validate(inputSchema, document);
  if (problems.length > 0) throw new Error(problems.map((p) => p.message).join('; '));
  const address = cart.shippingAddress;
  const total = cart.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const root = {
    buyerJourney: { step: 'CHECKOUT_COMPLETION' },
    cart: {
      buyerIdentity: {
        email: cart.email,
        phone: cart.phone,
        isAuthenticated: false,
        customer: null,
      },
      deliveryGroups: address
        ? [
            {
              id: 'gid://shopify/CartDeliveryGroup/1',
              deliveryAddress: {
                ...address,
                name: `${address.firstName} ${address.lastName}`.trim(),
                company: null,
                provinceCode: null,
              },
            },
          ]
        : [],
      lines: cart.lines.map((line, i) => ({
        id: `gid://shopify/CartLine/${i + 1}`,
        quantity: line.quantity,
        cost: { totalAmount: money(line.totalCents, cart.currency) },
        merchandise: { id: `gid://shopify/ProductVariant/${line.sku}`, sku: line.sku },
      })),
      cost: { totalAmount: money(total, cart.currency) },
    },
    validation: {
      metafield: (args: { namespace?: string | null; key: string }) =>
        metafield(args.namespace ?? null, args.key),
    },
  };
  const result = executeSync({ schema: inputSchema, document, rootValue: root });
  if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('; '));
  return JSON.parse(JSON.stringify(result.data)) as Record<string, unknown>;
}
