// What the signed-agent tests share: an Ed25519 key pair made here with its JWK and thumbprint,
// a key directory served on a loopback port (its answer chosen per test: keys, an error, a
// hang, an oversized body), and a signer that signs a request as a Web Bot Auth agent does.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { component, createSignatureSync, type SignatureComponent } from 'http-message-sig';
import { DIRECTORY_PATH, ed25519Thumbprint } from '../src/signed-agent-directory.js';
import { startLoopbackServer } from './helpers.js';

export interface AgentKey {
  privateKey: KeyObject;
  x: string;
  keyid: string;
  /** The key's own validity in the directory (epoch seconds), when it states one. */
  nbf?: number;
  exp?: number;
}

export function agentKey(): AgentKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  return { privateKey, x, keyid: ed25519Thumbprint(x) };
}

export type DirectoryMode = 'keys' | 'down' | 'hang' | 'huge';

export interface KeyDirectory {
  app: FastifyInstance;
  url: string;
  /** host:port, as FIREWALL_DEV_ORIGINS reads it. */
  hostPort: string;
  keys: AgentKey[];
  mode: DirectoryMode;
  reads: number;
}

export async function startKeyDirectory(keys: AgentKey[]): Promise<KeyDirectory> {
  const state = { keys, mode: 'keys' as DirectoryMode, reads: 0 };
  const { app, url } = await startLoopbackServer((server) =>
    server.get(DIRECTORY_PATH, async (_request, reply) => {
      state.reads += 1;
      if (state.mode === 'down') return reply.code(503).send('down');
      if (state.mode === 'hang') return new Promise(() => {});
      const jwks = {
        keys: state.keys.map((k) => ({
          kty: 'OKP',
          crv: 'Ed25519',
          x: k.x,
          use: 'sig',
          ...(k.nbf !== undefined ? { nbf: k.nbf } : {}),
          ...(k.exp !== undefined ? { exp: k.exp } : {}),
        })),
      };
      const body =
        state.mode === 'huge'
          ? JSON.stringify({ ...jwks, padding: 'x'.repeat(200_000) })
          : JSON.stringify(jwks);
      return reply
        .type('application/http-message-signatures-directory+json')
        .header('cache-control', 'max-age=600')
        .send(body);
    }),
  );
  return Object.assign(state, { app, url, hostPort: new URL(url).host });
}

export interface SignOptions {
  key: AgentKey;
  /** The Signature-Agent's origin. */
  agent: string;
  authority: string;
  path: string;
  method?: string;
  /** Epoch seconds. */
  created: number;
  expires: number;
  nonce?: string;
  keyid?: string;
  tag?: string;
  components?: SignatureComponent[];
  /** The signature's label; sig1 when absent. */
  label?: string;
  /** Signature-Agent as a dictionary keyed by the label (the newer form) rather than a string. */
  dictionary?: boolean;
  /** Members of the dictionary before the signature's own, as written in the header. */
  otherAgents?: string;
}

/** The header fields a signing agent adds: Signature-Agent, Signature-Input and Signature. */
export function signedFields(o: SignOptions): Record<string, string> {
  const label = o.label ?? 'sig1';
  const agent = o.dictionary ? `${o.otherAgents ?? ''}${label}="${o.agent}"` : `"${o.agent}"`;
  const agentComponent = o.dictionary
    ? component('signature-agent', { key: label })
    : 'signature-agent';
  const fields = createSignatureSync(
    {
      kind: 'request',
      method: o.method ?? 'GET',
      targetUri: `http://${o.authority}${o.path}`,
      fields: [{ name: 'signature-agent', value: agent }],
    },
    {
      label,
      components: o.components ?? ['@authority', '@method', '@path', agentComponent],
      parameters: {
        created: o.created,
        expires: o.expires,
        keyid: o.keyid ?? o.key.keyid,
        tag: o.tag ?? 'web-bot-auth',
        ...(o.nonce !== undefined ? { nonce: o.nonce } : {}),
      },
      signer: {
        algorithm: 'ed25519',
        sign: (data) => new Uint8Array(sign(null, data, o.key.privateKey)),
      },
    },
  );
  return {
    'signature-agent': agent,
    'signature-input': fields.signatureInput,
    signature: fields.signature,
  };
}

/** Header fields as a raw list (name, value, …), as Node hands them over. */
export const rawOf = (headers: Record<string, string>) => Object.entries(headers).flat();
