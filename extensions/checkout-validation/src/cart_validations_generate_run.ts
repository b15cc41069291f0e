// The validation: a checkout whose buyer matches the block list gets one error with the
// merchant's message, aimed at the first field that matched (the email, the phone, or the
// delivery address's name, street, zip or country), so the checkout shows it there and the
// order is not placed. Without the block list (not yet synced) every checkout goes through.
import { usZipBase } from '@gatehouse/engine/us-zip';
import { readBlockList, type BlockKind, type BlockListReader } from './block-list.js';

interface MaybeValue {
  value?: string | null;
}

export interface DeliveryAddressInput {
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  countryCode?: string | null;
  phone?: string | null;
}

export interface CartValidationsGenerateRunInput {
  cart: {
    buyerIdentity?: { email?: string | null; phone?: string | null } | null;
    deliveryGroups?: { deliveryAddress?: DeliveryAddressInput | null }[] | null;
  };
  validation?: {
    settings?: MaybeValue | null;
    part0?: MaybeValue | null;
    part1?: MaybeValue | null;
    part2?: MaybeValue | null;
    part3?: MaybeValue | null;
    part4?: MaybeValue | null;
  } | null;
}

export interface ValidationError {
  message: string;
  target: string;
}

export interface CartValidationsGenerateRunResult {
  operations: { validationAdd: { errors: ValidationError[] } }[];
}

/** Each value the buyer gave, with the kind it is compared as and where it sits in the input. */
function* buyerValues(input: CartValidationsGenerateRunInput) {
  const buyer = input.cart.buyerIdentity;
  if (buyer?.email) {
    const target = '$.cart.buyerIdentity.email';
    yield { kind: 'email' as BlockKind, value: buyer.email, target };
    const domain = buyer.email.slice(buyer.email.lastIndexOf('@') + 1);
    // A listed domain also covers its subdomains: mail.spam.example matches spam.example.
    const labels = domain.split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      yield { kind: 'emailDomain' as BlockKind, value: labels.slice(i).join('.'), target };
    }
  }
  if (buyer?.phone) {
    yield { kind: 'phone' as BlockKind, value: buyer.phone, target: '$.cart.buyerIdentity.phone' };
  }
  const groups = input.cart.deliveryGroups ?? [];
  for (let i = 0; i < groups.length; i++) {
    const address = groups[i]?.deliveryAddress;
    if (!address) continue;
    const at = (field: string) => `$.cart.deliveryGroups[${i}].deliveryAddress.${field}`;
    const fullName =
      address.firstName || address.lastName
        ? `${address.firstName ?? ''} ${address.lastName ?? ''}`
        : (address.name ?? '');
    if (fullName.trim())
      yield { kind: 'name' as BlockKind, value: fullName, target: at('firstName') };
    if (address.name && address.name !== fullName) {
      yield { kind: 'name' as BlockKind, value: address.name, target: at('firstName') };
    }
    if (address.address1) {
      yield { kind: 'address' as BlockKind, value: address.address1, target: at('address1') };
      if (address.address2) {
        const street = `${address.address1} ${address.address2}`;
        yield { kind: 'address' as BlockKind, value: street, target: at('address1') };
      }
    }
    if (address.zip) {
      yield { kind: 'zip' as BlockKind, value: address.zip, target: at('zip') };
      const base = usZipBase(address.zip, address.countryCode);
      if (base !== null) yield { kind: 'zip' as BlockKind, value: base, target: at('zip') };
    }
    if (address.countryCode) {
      yield { kind: 'country' as BlockKind, value: address.countryCode, target: at('countryCode') };
    }
    if (address.phone)
      yield { kind: 'phone' as BlockKind, value: address.phone, target: at('phone') };
  }
}

/** The first of the buyer's values the list holds, as the error to show; null when none. */
export function firstBlocked(
  input: CartValidationsGenerateRunInput,
  list: BlockListReader,
): ValidationError | null {
  for (const { kind, value, target } of buyerValues(input)) {
    if (list.has(kind, value)) return { message: list.message, target };
  }
  return null;
}

export function cartValidationsGenerateRun(
  input: CartValidationsGenerateRunInput,
): CartValidationsGenerateRunResult {
  const v = input.validation;
  const list = readBlockList(v?.settings?.value, [
    v?.part0?.value,
    v?.part1?.value,
    v?.part2?.value,
    v?.part3?.value,
    v?.part4?.value,
  ]);
  const error = list ? firstBlocked(input, list) : null;
  return { operations: [{ validationAdd: { errors: error ? [error] : [] } }] };
}
