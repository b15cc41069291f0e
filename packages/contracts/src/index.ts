// Public surface of @gatehouse/contracts: the wire shapes shared by the admin and the server.
export * from './shop-domain.js';
export * from './contact.js';
export * from './account.js';
export * from './api.js';
export * from './session.js';
export * from './plans.js';
export * from './storefront.js';
export * from './block-page-defaults.js';
export * from './billing.js';
export * from './protection.js';
export * from './referrer-blocker.js';
export * from './visitor-logs.js';
export * from './hygiene.js';
export * from './validation-messages.js';
