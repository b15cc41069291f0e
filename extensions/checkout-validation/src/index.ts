// The function's entry point as Shopify CLI builds it: each target's export, by its JS name.
export * from './cart_validations_generate_run.js';
