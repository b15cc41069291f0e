// The emulator's public surface for other workspaces' tests and scripts.
export { buildEmulator, type EmulatorOptions } from './app.js';
export {
  EmulatorControl,
  type CrawlerSignature,
  type OrderView,
  type PlaceOrderRequest,
  type RiskRequest,
  type SubscriptionCommand,
  type TokenPolicyView,
} from './control/emulator-control.js';
export type { FaultInput, FaultView } from './control/faults.js';
export { adminSchema } from './graphql/schema.js';
export { queryHmac } from './oauth/query-hmac.js';
export type {
  DeliveryView,
  HealthView,
  ShopStateView,
  SubscriptionLineItemView,
  SubscriptionView,
  UsageRecordView,
} from './control/control-types.js';
