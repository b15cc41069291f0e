// Crawler access signatures as Shopify makes them (Online Store > Preferences > Crawler
// access): a Web Bot Auth signature (HTTP Message Signature, Ed25519, tag `web-bot-auth`) over
// one of the store's domains (`@authority`) and `Signature-Agent: "https://shopify.com"`, made
// with the platform's own key, with a name and a time to live of at most three months. The
// merchant pastes the three header values into their crawler, which sends them unchanged with
// every request until they expire. The platform publishes the public key, as Shopify does, at
// /.well-known/http-message-signatures-directory: one JWK, named by its thumbprint. The key is
// made when the emulator starts, so signatures made before a restart no longer verify, as
// after Shopify changes its key.
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { createSignatureSync } from 'http-message-sig';

/** What every signature the platform makes names as its agent, quotes included. */
export const SHOPIFY_SIGNATURE_AGENT = '"https://shopify.com"';
/** The longest time to live the admin offers: three months. */
export const MAX_SIGNATURE_SECONDS = 92 * 24 * 3600;

export interface CrawlerSignature {
  id: string;
  name: string;
  /** The domain (host, and port when not the default) the signature is good for. */
  domainHost: string;
  signatureAgent: string;
  signatureInput: string;
  signature: string;
  expiresAt: string;
}

export class CrawlerSigner {
  private readonly privateKey: KeyObject;
  private readonly jwk: JWK;
  private readonly kid: Promise<string>;
  private made = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    this.privateKey = privateKey;
    this.jwk = publicKey.export({ format: 'jwk' }) as JWK;
    this.kid = calculateJwkThumbprint(this.jwk, 'sha256');
  }

  /** The platform's public key as its key directory serves it. */
  async publicKey(): Promise<JWK> {
    return { kty: 'OKP', crv: 'Ed25519', x: this.jwk.x!, kid: await this.kid, use: 'sig' };
  }

  /** A new signature for `domainHost`, valid from `now` (epoch ms) for `seconds`. */
  async mint(
    name: string,
    domainHost: string,
    seconds: number,
    now = Date.now(),
  ): Promise<CrawlerSignature> {
    const created = Math.floor(now / 1000);
    const expires = created + seconds;
    const fields = createSignatureSync(
      {
        kind: 'request',
        method: 'GET',
        targetUri: `https://${domainHost}/`,
        fields: [{ name: 'signature-agent', value: SHOPIFY_SIGNATURE_AGENT }],
      },
      {
        label: 'sig1',
        components: ['@authority', 'signature-agent'],
        parameters: {
          keyid: await this.kid,
          nonce: randomBytes(32).toString('base64url'),
          tag: 'web-bot-auth',
          created,
          expires,
        },
        signer: {
          algorithm: 'ed25519',
          sign: (data) => new Uint8Array(sign(null, data, this.privateKey)),
        },
      },
    );
    this.made += 1;
    return {
      id: `gid://shopify/StorefrontCrawlerSignature/${this.made}`,
      name,
      domainHost,
      signatureAgent: SHOPIFY_SIGNATURE_AGENT,
      signatureInput: fields.signatureInput,
      signature: fields.signature,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }
}
