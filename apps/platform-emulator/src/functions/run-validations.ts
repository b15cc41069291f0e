// Runs the shop's enabled validations on a checkout, as the platform does before it places an
// order: each validation's function gets its input (the input query over the cart and the
// validation's metafields) and answers operations[{validationAdd:{errors}}]; any error stops
// the checkout and is shown to the buyer. A function that throws or answers something else
// stops the checkout only when its validation says blockOnFailure. The app is uninstalled:
// its validations no longer run.
import type { EmulatorContext } from '../context.js';
import { resolveNamespace } from '../metafields/app-metafields.js';
import type { ValidationRecord } from '../state/types.js';
import { appFunction } from './app-functions.js';
import { buildFunctionInput, type FunctionCart } from './function-input.js';

export interface CheckoutValidationError {
  message: string;
  /** A JSONPath into the input: $.cart, $.cart.buyerIdentity.email, … */
  target: string;
}

/** The platform's message when a validation that blocks on failure fails. */
export const FUNCTION_FAILED_MESSAGE = 'There was an issue processing your order. Try again later.';

export const validationsOf = (context: EmulatorContext, shop: string): ValidationRecord[] =>
  (context.store.state.validations ?? []).filter((v) => v.shop === shop);

function errorsOf(output: unknown): CheckoutValidationError[] | null {
  const operations = (output as { operations?: unknown } | null)?.operations;
  if (!Array.isArray(operations)) return null;
  const errors: CheckoutValidationError[] = [];
  for (const operation of operations) {
    const add = (operation as { validationAdd?: { errors?: unknown } } | null)?.validationAdd;
    if (!add || !Array.isArray(add.errors)) return null;
    for (const error of add.errors as { message?: unknown; target?: unknown }[]) {
      if (typeof error?.message !== 'string' || typeof error.target !== 'string') return null;
      errors.push({ message: error.message, target: error.target });
    }
  }
  return errors;
}

export function runCheckoutValidations(
  context: EmulatorContext,
  shop: string,
  cart: FunctionCart,
): CheckoutValidationError[] {
  const installation = context.store.state.installations[shop];
  if (!installation) return [];
  const errors: CheckoutValidationError[] = [];
  for (const validation of validationsOf(context, shop)) {
    const fn = appFunction(validation.functionId);
    if (!validation.enabled || !fn) continue;
    const owner = `gid://shopify/Validation/${validation.id}`;
    let found: CheckoutValidationError[] | null;
    try {
      const input = buildFunctionInput(fn.inputQuery, cart, (namespace, key) => {
        const ns = resolveNamespace(namespace);
        const record = context.store.state.appMetafields.find(
          (m) => m.shop === shop && m.owner === owner && m.namespace === ns && m.key === key,
        );
        return record ? { type: record.type, value: record.value } : null;
      });
      found = errorsOf(fn.run(input));
    } catch {
      found = null;
    }
    if (found === null) {
      if (validation.blockOnFailure)
        errors.push({ message: FUNCTION_FAILED_MESSAGE, target: '$.cart' });
      continue;
    }
    errors.push(...found);
  }
  return errors;
}
