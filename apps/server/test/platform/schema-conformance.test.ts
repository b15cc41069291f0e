// Holds Gatehouse to Shopify's published schemas of the API version it pins: the emulator's
// Admin schema is a subset of the published one, every GraphQL document the server can send
// (found in the source, see server-documents.ts) validates against it and uses nothing
// deprecated, and the checkout function's input query validates against the published
// cart_checkout_validation function schema of the extension's version.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminSchema } from '@gatehouse/platform-emulator';
import {
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../../src/core/platform/api-version.js';
import { deprecatedDeclarations, deprecatedUses } from './deprecated-uses.js';
import { publishedSchema } from './published-schema.js';
import { subsetDifferences } from './schema-subset.js';
import { scanServerDocuments } from './server-documents.js';

const repo = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const toml = (path: string) => parseToml(readFileSync(repo(path), 'utf8'));

const published = publishedSchema('admin', API_VERSION);
const scan = scanServerDocuments(repo('apps/server/src'));

/**
 * Deprecated parts the emulator still declares, each with why. Everything else deprecated is
 * left out of it, so a server test that sends one (in a variable, where the document check
 * cannot see it) fails at the emulator. The test fails when one of these is gone, so the list
 * only shrinks.
 */
const STILL_DECLARED: Record<string, string> = {
  'QueryRoot.webhookSubscriptions(callbackUrl)': 'per-shop webhook subscriptions',
  'WebhookSubscriptionInput.callbackUrl': 'per-shop webhook subscriptions',
  'WebhookSubscription.callbackUrl': 'per-shop webhook subscriptions',
  'WebhookSubscription.endpoint': 'per-shop webhook subscriptions',
  'ScriptTagDisplayScope.ALL': 'script tags made earlier are answered as they were made',
  'ScriptTagDisplayScope.ORDER_STATUS': 'script tags made earlier are answered as they were made',
};

/**
 * Deprecated uses the server's documents still make, each with why; the test fails when one is
 * no longer made.
 */
const STILL_USED: Record<string, string> = {};

const coordinateOf = (line: string) => line.replace(/^(?:\S+: )?(\S+): deprecated .*$/s, '$1');

/** The lines not allowed, and the allowed coordinates that no line names any more. */
function beyondAllowed(lines: string[], allowed: Record<string, string>) {
  const found = new Set(lines.map(coordinateOf));
  return {
    notAllowed: lines.filter((line) => !(coordinateOf(line) in allowed)),
    noLongerThere: Object.keys(allowed).filter((coordinate) => !found.has(coordinate)),
  };
}

const isFragmentsOnly = (document: DocumentNode) =>
  document.definitions.every((d) => d.kind === 'FragmentDefinition');

/** Validation errors; a fragment written on its own is checked without asking that it be used. */
function validationErrors(schema: GraphQLSchema, document: DocumentNode): string[] {
  const rules = isFragmentsOnly(document)
    ? specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule)
    : specifiedRules;
  return validate(schema, document, rules).map((error) => error.message);
}

describe(`Admin API ${API_VERSION}`, () => {
  it('is the version the app configuration and the checkout function are deployed with', () => {
    const app = toml('shopify.app.toml') as { webhooks: { api_version: string } };
    const extension = toml('extensions/checkout-validation/shopify.extension.toml') as {
      api_version: string;
    };
    expect(app.webhooks.api_version).toBe(API_VERSION);
    expect(extension.api_version).toBe(API_VERSION);
  });

  it("the emulator's Admin schema is a subset of Shopify's published schema", () => {
    expect(subsetDifferences(adminSchema, published)).toEqual([]);
  });

  it('the emulator declares nothing the published schema deprecates', () => {
    expect(beyondAllowed(deprecatedDeclarations(adminSchema, published), STILL_DECLARED)).toEqual({
      notAllowed: [],
      noLongerThere: [],
    });
  });

  it('every GraphQL document in the server source is found and read', () => {
    expect(scan.problems).toEqual([]);
    // The server sends orders, billing, metafields, themes, validations…: an empty scan is a
    // broken scan.
    expect(scan.documents.length).toBeGreaterThan(10);
  });

  it('every operation has a name of its own', () => {
    const names = scan.documents.flatMap((d) =>
      d.document.definitions.flatMap((def) =>
        def.kind === 'OperationDefinition' ? [def.name?.value ?? `(unnamed at ${d.where})`] : [],
      ),
    );
    expect(names.filter((name, i) => names.indexOf(name) !== i || name.startsWith('('))).toEqual(
      [],
    );
  });

  it('every document validates against the published schema', () => {
    const errors = scan.documents.flatMap((d) =>
      validationErrors(published, d.document).map((message) => `${d.where}: ${message}`),
    );
    expect(errors).toEqual([]);
  });

  it('no document uses a deprecated field, argument, input field or enum value', () => {
    const uses = scan.documents.flatMap((d) =>
      deprecatedUses(published, d.document).map((use) => `${d.where}: ${use}`),
    );
    expect(beyondAllowed(uses, STILL_USED)).toEqual({ notAllowed: [], noLongerThere: [] });
  });
});

describe('the checkout function', () => {
  const extension = toml('extensions/checkout-validation/shopify.extension.toml') as {
    api_version: string;
    extensions: { targeting: { input_query: string }[] }[];
  };
  const schema = publishedSchema('functions_cart_checkout_validation', extension.api_version);
  const queries = extension.extensions.flatMap((e) => e.targeting.map((t) => t.input_query));

  it.each(queries)('input query %s validates against the published function schema', (path) => {
    const document = parse(readFileSync(repo(`extensions/checkout-validation/${path}`), 'utf8'));
    expect(validationErrors(schema, document)).toEqual([]);
    expect(deprecatedUses(schema, document)).toEqual([]);
  });
});
