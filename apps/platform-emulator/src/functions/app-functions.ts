// The app's deployed functions, as the platform holds them after `shopify app deploy`: the
// workspace's validation function module (what the platform would run as its Wasm build) with
// its handle, API type and input query, read from the extension's own files.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cartValidationsGenerateRun } from '@gatehouse/checkout-validation';

export interface AppFunction {
  /** ShopifyFunction.id: stable for the app's function of this handle. */
  id: string;
  handle: string;
  title: string;
  /** As the Admin API lists it. */
  apiType: 'cart_checkout_validation';
  /** The target's input query (the extension's .graphql file). */
  inputQuery: string;
  run: (input: unknown) => unknown;
}

const inputQueryPath = fileURLToPath(
  import.meta.resolve('@gatehouse/checkout-validation/input-query'),
);

export const APP_FUNCTIONS: readonly AppFunction[] = [
  {
    id: '01J0GATEHOUSE0CHECKOUTVALID',
    handle: 'checkout-validation',
    title: 'Gatehouse Customer Block Lists',
    apiType: 'cart_checkout_validation',
    inputQuery: readFileSync(inputQueryPath, 'utf8'),
    run: (input) =>
      cartValidationsGenerateRun(input as Parameters<typeof cartValidationsGenerateRun>[0]),
  },
];

export const appFunction = (id: string) => APP_FUNCTIONS.find((f) => f.id === id);
