// The platform failing the order features' reads, for the pipeline tests, and what the shared
// order log then says of an order Gatehouse could not check.
import type { TestApp } from './test-app.js';

/** Every request of the GraphQL operation (an order read) fails with a 503 for the shop. */
export const failOrderReads = (t: TestApp, shop: string, operation: string) =>
  t.emulator.addFault({ kind: 'server-error', shop, endpoint: 'graphql', operation });

/** The log entry's reason when the platform failed every read of order `name`. */
export const uncheckedOrderError = (name: string) =>
  `Shopify is having trouble right now, so we could not check order ${name}. Please try again in a few minutes.`;
