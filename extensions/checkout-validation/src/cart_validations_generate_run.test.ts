// The validation function as case tables: an input as the platform builds it from the input
// query (the block list in the validation's metafields, written by buildBlockList) and the
// errors, with their targets, the function must answer.
import { describe, expect, it } from 'vitest';
import { buildBlockList, falseMatchRate, MAX_PART_CHARS, type BlockKind } from './block-list.js';
import {
  cartValidationsGenerateRun,
  type CartValidationsGenerateRunInput,
  type DeliveryAddressInput,
} from './cart_validations_generate_run.js';

const MESSAGE = 'We cannot take your order. Please contact us.';

function validationOf(entries: { kind: BlockKind; value: string }[]) {
  const built = buildBlockList(entries, MESSAGE);
  const part = (i: number) => (built.parts[i] === undefined ? null : { value: built.parts[i] });
  return {
    settings: { value: JSON.stringify(built.settings) },
    part0: part(0),
    part1: part(1),
    part2: part(2),
    part3: part(3),
    part4: part(4),
  };
}

const address: DeliveryAddressInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  address1: '12 Analytical Row',
  address2: null,
  zip: 'SW1A 1AA',
  countryCode: 'GB',
  phone: null,
};

function input(
  buyer: { email?: string | null; phone?: string | null },
  delivery: Partial<DeliveryAddressInput> | null = {},
): Omit<CartValidationsGenerateRunInput, 'validation'> {
  return {
    cart: {
      buyerIdentity: buyer,
      deliveryGroups: delivery ? [{ deliveryAddress: { ...address, ...delivery } }] : [],
    },
  };
}

const ADDRESS = (field: string) => `$.cart.deliveryGroups[0].deliveryAddress.${field}`;

const LIST: { kind: BlockKind; value: string }[] = [
  { kind: 'email', value: 'Fraud@Example.com' },
  { kind: 'emailDomain', value: 'spam.example' },
  { kind: 'phone', value: '+1 (415) 555-0100' },
  { kind: 'name', value: 'John  Doe' },
  { kind: 'address', value: '1 Bad Street, Apt. 4' },
  { kind: 'zip', value: '90210' },
  { kind: 'country', value: 'ng' },
];

const cases: {
  name: string;
  input: ReturnType<typeof input>;
  target: string | null;
}[] = [
  {
    name: 'a buyer on no list goes through',
    input: input({ email: 'ada@example.org' }),
    target: null,
  },
  {
    name: 'a listed email, in other case and spacing',
    input: input({ email: '  fraud@EXAMPLE.com ' }),
    target: '$.cart.buyerIdentity.email',
  },
  {
    name: 'a listed email domain',
    input: input({ email: 'someone@spam.example' }),
    target: '$.cart.buyerIdentity.email',
  },
  {
    name: 'a subdomain of a listed email domain',
    input: input({ email: 'x@mail.spam.example' }),
    target: '$.cart.buyerIdentity.email',
  },
  {
    name: 'a domain that only ends with the listed letters does not match',
    input: input({ email: 'x@notspam.example' }),
    target: null,
  },
  {
    name: "the buyer's phone, written another way",
    input: input({ email: 'ok@example.org', phone: '+14155550100' }),
    target: '$.cart.buyerIdentity.phone',
  },
  {
    name: "the delivery address's phone",
    input: input({ email: 'ok@example.org' }, { phone: '+1 415 555 0100' }),
    target: ADDRESS('phone'),
  },
  {
    name: 'a listed name from the first and last names',
    input: input({ email: 'ok@example.org' }, { firstName: 'john', lastName: 'DOE', name: null }),
    target: ADDRESS('firstName'),
  },
  {
    name: 'a listed street address, punctuation aside',
    input: input({ email: 'ok@example.org' }, { address1: '1 bad street apt 4' }),
    target: ADDRESS('address1'),
  },
  {
    name: 'a street address split over two lines',
    input: input({ email: 'ok@example.org' }, { address1: '1 Bad Street', address2: 'Apt. 4' }),
    target: ADDRESS('address1'),
  },
  {
    name: 'a listed zip code',
    input: input({ email: 'ok@example.org' }, { zip: '90210', countryCode: 'US' }),
    target: ADDRESS('zip'),
  },
  {
    name: 'a listed country',
    input: input({ email: 'ok@example.org' }, { countryCode: 'NG' }),
    target: ADDRESS('countryCode'),
  },
  {
    name: 'the email is reported first when several fields match',
    input: input({ email: 'fraud@example.com' }, { countryCode: 'NG' }),
    target: '$.cart.buyerIdentity.email',
  },
  {
    name: 'a cart without buyer or address (cart page) goes through',
    input: { cart: { buyerIdentity: null, deliveryGroups: null } },
    target: null,
  },
  {
    name: 'a US ZIP+4 of a listed zip code',
    input: input({ email: 'ok@example.org' }, { zip: '90210-1234', countryCode: 'US' }),
    target: ADDRESS('zip'),
  },
  {
    name: 'a US ZIP+4 written without its dash, in Puerto Rico',
    input: input({ email: 'ok@example.org' }, { zip: '90210 1234', countryCode: 'PR' }),
    target: ADDRESS('zip'),
  },
  {
    name: 'another country’s dashed code is not shortened',
    input: input({ email: 'ok@example.org' }, { zip: '90210-1234', countryCode: 'BR' }),
    target: null,
  },
  {
    name: 'a longer code that starts with a listed zip does not match',
    input: input({ email: 'ok@example.org' }, { zip: '90210-12345', countryCode: 'US' }),
    target: null,
  },
  {
    name: 'a partial zip does not match',
    input: input({ email: 'ok@example.org' }, { zip: '9021' }),
    target: null,
  },
];

describe('cartValidationsGenerateRun', () => {
  const validation = validationOf(LIST);
  it.each(cases)('$name', ({ input: given, target }) => {
    const result = cartValidationsGenerateRun({ ...given, validation });
    expect(result).toEqual({
      operations: [
        { validationAdd: { errors: target === null ? [] : [{ message: MESSAGE, target }] } },
      ],
    });
  });

  it('lets every checkout through when the block list was never written', () => {
    const result = cartValidationsGenerateRun({
      ...input({ email: 'fraud@example.com' }),
      validation: { settings: null },
    });
    expect(result.operations[0]!.validationAdd.errors).toEqual([]);
  });

  it('lets checkouts through when the settings are not its format or a part is missing', () => {
    const good = validationOf(LIST);
    for (const validation of [
      { settings: { value: 'not json' } },
      { settings: { value: '{"v":2}' } },
      { ...good, part0: null },
    ]) {
      const result = cartValidationsGenerateRun({
        ...input({ email: 'fraud@example.com' }),
        validation,
      });
      expect(result.operations[0]!.validationAdd.errors).toEqual([]);
    }
  });
});

describe('a list of 10,000 entries', () => {
  const entries = Array.from({ length: 10_000 }, (_, i) => ({
    kind: (i % 2 === 0 ? 'email' : 'phone') as BlockKind,
    value: i % 2 === 0 ? `buyer${i}@example.com` : `+44 20 7946 ${String(i).padStart(5, '0')}`,
  }));
  const built = buildBlockList(entries, MESSAGE);
  const validation = validationOf(entries);

  it("fits the platform's input: parts of at most 10,000 bytes, about 50 KB in all", () => {
    expect(built.parts.length).toBeLessThanOrEqual(5);
    for (const part of built.parts) expect(part.length).toBeLessThanOrEqual(MAX_PART_CHARS);
    const whole = JSON.stringify({ ...input({ email: 'a@b.co' }), validation });
    expect(Buffer.byteLength(whole)).toBeLessThan(64_000);
  });

  it('finds every listed entry and keeps false matches rare', () => {
    for (const entry of entries.slice(0, 500)) {
      const given =
        entry.kind === 'email' ? input({ email: entry.value }) : input({ phone: entry.value });
      const errors = cartValidationsGenerateRun({ ...given, validation }).operations[0]!
        .validationAdd.errors;
      expect(errors).toHaveLength(1);
    }
    let falseMatches = 0;
    for (let i = 0; i < 20_000; i++) {
      const result = cartValidationsGenerateRun({
        ...input({ email: `someone.else${i}@example.net` }, null),
        validation,
      });
      falseMatches += result.operations[0]!.validationAdd.errors.length;
    }
    expect(falseMatches).toBe(0);
    expect(falseMatchRate(built.settings, 10_000)).toBeLessThan(1e-5);
  });
});
