// Between the checkout form and the validation functions: the cart a function's input is built
// from, and where each error the functions answer is shown. An error aimed at a field (a
// JSONPath into the input, like $.cart.buyerIdentity.email or
// $.cart.deliveryGroups[0].deliveryAddress.zip) is shown next to that field of the form; one
// aimed at $.cart, or at a field the form does not have, at the top of the checkout.
import type { FunctionCart } from '../functions/function-input.js';
import type { CheckoutValidationError } from '../functions/run-validations.js';
import type { CartLine } from './cart.js';
import type { CheckoutOrder } from './checkout-form.js';

export function functionCartOf(order: CheckoutOrder, lines: readonly CartLine[]): FunctionCart {
  const ship = order.shipping;
  return {
    email: order.email,
    phone: order.phone,
    shippingAddress: {
      firstName: ship.firstName,
      lastName: ship.lastName,
      address1: ship.address1,
      address2: ship.address2,
      city: ship.city,
      countryCode: ship.countryCode,
      zip: ship.zip,
      phone: ship.phone,
    },
    lines: lines.map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      totalCents: line.product.price * line.quantity,
    })),
    currency: 'USD',
  };
}

const ADDRESS_FIELDS: Record<string, string> = {
  firstName: 'ship_first_name',
  lastName: 'ship_last_name',
  address1: 'ship_address1',
  address2: 'ship_address2',
  city: 'ship_city',
  zip: 'ship_zip',
  countryCode: 'ship_country',
  provinceCode: 'ship_province',
  phone: 'phone',
};

function fieldOf(target: string): string {
  if (target === '$.cart.buyerIdentity.email') return 'email';
  if (target === '$.cart.buyerIdentity.phone') return 'phone';
  const match = /^\$\.cart\.deliveryGroups\[0\]\.deliveryAddress\.(\w+)$/.exec(target);
  return (match && ADDRESS_FIELDS[match[1]!]) || 'form';
}

/** The form's errors by field name; several on one field are shown together. */
export function validationFieldErrors(errors: readonly CheckoutValidationError[]) {
  const byField: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error.target);
    const shown = byField[field];
    if (shown === undefined) byField[field] = error.message;
    else if (!shown.includes(error.message)) byField[field] = `${shown} ${error.message}`;
  }
  return byField;
}
