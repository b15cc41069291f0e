// Crawler access signatures: the control call makes one as the merchant's Create signature
// does, and it verifies, for its own domain only, with the single key the platform publishes
// in its key directory under that key's thumbprint.
import { createPublicKey, verify } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isSignatureError, verifySignature, type FieldOccurrence } from 'http-message-sig';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const DIRECTORY = '/.well-known/http-message-signatures-directory';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

const create = (payload: object, shop = SHOP) =>
  app.inject({ method: 'POST', url: `/_emulator/shops/${shop}/crawler-signatures`, payload });

/** Whether the headers verify for a request to `authority` with the published key. */
async function verifiesFor(
  authority: string,
  headers: { signatureAgent: string; signatureInput: string; signature: string },
  jwk: JWK,
): Promise<boolean> {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x! }, format: 'jwk' });
  const fields: FieldOccurrence[] = [
    { name: 'signature-agent', value: headers.signatureAgent },
    { name: 'signature-input', value: headers.signatureInput },
    { name: 'signature', value: headers.signature },
  ];
  try {
    await verifySignature(
      { kind: 'request', method: 'GET', targetUri: `https://${authority}/products/hat`, fields },
      {
        policy: {
          algorithms: ['ed25519'],
          requiredComponents: ['@authority', 'signature-agent'],
          requiredParameters: ['created', 'expires', 'keyid', 'nonce', 'tag'],
        },
        resolveVerifier: (candidate) => {
          expect(candidate.parameters.keyid).toBe(jwk.kid);
          return {
            algorithm: 'ed25519',
            verify: (data, signature) => verify(null, data, key, signature),
          };
        },
      },
    );
    return true;
  } catch (error) {
    // Only a signature that does not check out answers false; anything else fails the test.
    if (isSignatureError(error) && error.code === 'VerificationFailed') return false;
    throw error;
  }
}

describe('crawler access signatures', () => {
  it('are made for one domain with the key the platform publishes', async () => {
    const made = await create({
      name: 'SEO audit',
      domain: 'Shop.Example.com',
      ttlSeconds: 86_400,
    });
    expect(made.statusCode).toBe(201);
    const signature = made.json();
    expect(signature).toMatchObject({
      name: 'SEO audit',
      domainHost: 'shop.example.com',
      signatureAgent: '"https://shopify.com"',
    });
    expect(signature.signatureInput).toMatch(
      /^sig1=\("@authority" "signature-agent"\);keyid="[^"]+";nonce="[^"]+";tag="web-bot-auth";created=\d+;expires=\d+$/,
    );
    expect(Date.parse(signature.expiresAt) - Date.now()).toBeGreaterThan(86_000_000);

    const directory = await app.inject(DIRECTORY);
    expect(directory.headers['content-type']).toMatch(
      /^application\/http-message-signatures-directory\+json/,
    );
    const jwk = directory.json() as JWK;
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(jwk.kid).toBe(await calculateJwkThumbprint(jwk, 'sha256'));

    expect(await verifiesFor('shop.example.com', signature, jwk)).toBe(true);
    expect(await verifiesFor('www.shop.example.com', signature, jwk)).toBe(false);
  });

  it('are refused for a time to live past three months, a bad domain or an unknown shop', async () => {
    expect(
      (await create({ name: 'a', domain: 'shop.example.com', ttlSeconds: 93 * 86_400 })).statusCode,
    ).toBe(400);
    expect(
      (await create({ name: 'a', domain: 'https://shop.example.com', ttlSeconds: 600 })).statusCode,
    ).toBe(400);
    expect(
      (await create({ name: ' ', domain: 'shop.example.com', ttlSeconds: 600 })).statusCode,
    ).toBe(400);
    const unknown = await create(
      { name: 'a', domain: 'shop.example.com', ttlSeconds: 600 },
      'no-such.myshopify.com',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
