// Signed agents: a bot may sign its requests with an HTTP Message Signature (Ed25519, tag
// "web-bot-auth") and name, in Signature-Agent, the origin whose key directory
// (/.well-known/http-message-signatures-directory) holds its public keys. A request is known to
// come from that agent only when the signature checks out with a key of that directory whose
// JWK thumbprint is the signature's keyid, it was created no later than now (give or take the
// clock-skew window) and has not expired, and the same signature has not been seen before in
// its window (a replay). Directories are fetched through the origin guard (public addresses
// only; http and private addresses only for development origins, never in production), with a
// time-out and a size cap, and kept as long as their Cache-Control says, within bounds. A
// request never waits long for a directory: past a short wait it is decided as unsigned while
// the fetch finishes for the next one. Nothing is thrown at the caller: failures are counted.
import { createHash, createPublicKey, verify as verifyBytes, type KeyObject } from 'node:crypto';
import { isDevOrigin, type DevOrigin, type HostLookup } from '@gatehouse/engine';
import { verify as verifyMessage } from 'http-message-sig';
import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, HTTP_MESSAGE_SIGNATURE_TAG } from 'web-bot-auth';
import { createOriginAgent } from './origin-guard.js';

export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

export interface SignedAgentOptions {
  /** Agent origins that may be http or private: development and tests only. */
  devOrigins: readonly DevOrigin[];
  lookup?: HostLookup;
  /** How long a directory fetch may take in all. */
  fetchTimeoutMs?: number;
  /** How long a request waits for a directory not yet known before it is decided unsigned. */
  waitMs?: number;
  /** The largest directory body read. */
  maxDirectoryBytes?: number;
  /** How far the signer's clock may be from ours. */
  skewSeconds?: number;
  /** The longest a signature may be valid (expires - created). */
  maxValiditySeconds?: number;
  /** Bounds on how long a directory is kept, whatever its Cache-Control says. */
  minCacheSeconds?: number;
  maxCacheSeconds?: number;
  /** The most agents (directories) and seen signatures kept at once. */
  maxAgents?: number;
  maxSeen?: number;
  now?: () => number;
}

export interface SignedRequest {
  method: string;
  /** The absolute URL the request was sent to. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

interface Directory {
  keys: Map<string, KeyObject>;
  until: number;
}

export interface SignedAgentStats {
  verified: number;
  unsigned: number;
  refused: Record<string, number>;
  directories: { fetched: number; failed: number; pending: number };
}

const FAILED_DIRECTORY_SECONDS = 60;
const DEFAULT_CACHE_SECONDS = 3600;

/** RFC 7638 thumbprint of an Ed25519 public key (members crv, kty, x in that order). */
export function ed25519Thumbprint(x: string): string {
  const canonical = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The agent's origin named in Signature-Agent (a string or a dictionary of strings), or null. */
export function agentUrl(header: string | string[] | undefined): URL | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length > 2048) return null;
  const quoted = /"([^"]*)"/.exec(value);
  try {
    const url = new URL(quoted ? quoted[1]! : value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function cacheSeconds(header: string | null, min: number, max: number): number {
  const match = header ? /(?:^|,)\s*(?:s-)?max-age\s*=\s*"?(\d+)/i.exec(header) : null;
  const seconds = match ? Number(match[1]) : DEFAULT_CACHE_SECONDS;
  return Math.min(max, Math.max(min, seconds));
}

class Refused extends Error {}

export class SignedAgents {
  private readonly directories = new Map<string, Directory>();
  private readonly pending = new Map<string, Promise<Directory>>();
  private readonly seen = new Map<string, number>();
  private readonly agent;
  private readonly o: Required<Omit<SignedAgentOptions, 'lookup'>>;
  readonly stats: SignedAgentStats = {
    verified: 0,
    unsigned: 0,
    refused: {},
    directories: { fetched: 0, failed: 0, pending: 0 },
  };

  constructor(options: SignedAgentOptions) {
    this.o = {
      devOrigins: options.devOrigins,
      fetchTimeoutMs: options.fetchTimeoutMs ?? 3000,
      waitMs: options.waitMs ?? 300,
      maxDirectoryBytes: options.maxDirectoryBytes ?? 64 * 1024,
      skewSeconds: options.skewSeconds ?? 60,
      maxValiditySeconds: options.maxValiditySeconds ?? 24 * 3600,
      minCacheSeconds: options.minCacheSeconds ?? 300,
      maxCacheSeconds: options.maxCacheSeconds ?? 24 * 3600,
      maxAgents: options.maxAgents ?? 1000,
      maxSeen: options.maxSeen ?? 100_000,
      now: options.now ?? Date.now,
    };
    this.agent = createOriginAgent({
      devOrigins: options.devOrigins,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      connectTimeoutMs: this.o.fetchTimeoutMs,
      listeners: () => [],
    });
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }

  /** The verified agent's origin, or null when the request is not (or not yet) verifiably signed. */
  async verify(request: SignedRequest): Promise<string | null> {
    const input = request.headers['signature-input'];
    if (typeof input !== 'string' || !input.includes(HTTP_MESSAGE_SIGNATURE_TAG)) {
      this.stats.unsigned += 1;
      return null;
    }
    try {
      const url = agentUrl(request.headers['signature-agent']);
      if (!url) throw new Refused('no agent');
      const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      if (url.protocol !== 'https:' && !isDevOrigin(this.o.devOrigins, url.hostname, port)) {
        throw new Refused('agent not https');
      }
      const directory = await this.directoryWithin(url.origin);
      if (!directory) throw new Refused('directory not ready');
      await verifyMessage(request as never, (data, signature, params) =>
        this.check(url.origin, directory, data, signature, params),
      );
      this.stats.verified += 1;
      return url.origin;
    } catch (error) {
      const reason = error instanceof Refused ? error.message : 'bad signature';
      this.stats.refused[reason] = (this.stats.refused[reason] ?? 0) + 1;
      return null;
    }
  }

  private check(
    origin: string,
    directory: Directory,
    data: string,
    signature: Uint8Array,
    params: Record<string, unknown>,
  ): void {
    if (params.tag !== HTTP_MESSAGE_SIGNATURE_TAG) throw new Refused('wrong tag');
    const now = this.o.now();
    const skew = this.o.skewSeconds * 1000;
    const created = params.created instanceof Date ? params.created.getTime() : NaN;
    const expires = params.expires instanceof Date ? params.expires.getTime() : NaN;
    if (!Number.isFinite(created) || !Number.isFinite(expires)) throw new Refused('no validity');
    if (created > now + skew) throw new Refused('created in the future');
    if (expires < now - skew) throw new Refused('expired');
    if (expires - created > this.o.maxValiditySeconds * 1000) throw new Refused('too long');
    const keyid = typeof params.keyid === 'string' ? params.keyid : '';
    const key = directory.keys.get(keyid);
    if (!key) throw new Refused('unknown key');
    if (!verifyBytes(null, Buffer.from(data), key, signature)) throw new Refused('bad signature');
    const nonce = typeof params.nonce === 'string' ? params.nonce : '';
    const seenKey = `${origin} ${keyid} ${nonce || Buffer.from(signature).toString('base64')}`;
    this.forgetSeen(now);
    if (this.seen.has(seenKey)) throw new Refused('replay');
    if (this.seen.size >= this.o.maxSeen) throw new Refused('too many signatures');
    this.seen.set(seenKey, expires + skew);
  }

  private forgetSeen(now: number): void {
    if (this.seen.size < this.o.maxSeen) return;
    for (const [key, until] of this.seen) if (until < now) this.seen.delete(key);
  }

  /** The origin's directory if it is known or arrives within the short wait. */
  private async directoryWithin(origin: string): Promise<Directory | null> {
    const known = this.directories.get(origin);
    if (known && known.until > this.o.now()) return known;
    let fetching = this.pending.get(origin);
    if (!fetching) {
      fetching = this.fetchDirectory(origin);
      this.pending.set(origin, fetching);
      this.stats.directories.pending = this.pending.size;
      void fetching.then(
        (directory) => this.keep(origin, directory),
        () => undefined,
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.o.waitMs);
    });
    try {
      return await Promise.race([fetching, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  private keep(origin: string, directory: Directory): void {
    this.pending.delete(origin);
    this.stats.directories.pending = this.pending.size;
    if (this.directories.size >= this.o.maxAgents && !this.directories.has(origin)) {
      const oldest = this.directories.keys().next().value;
      if (oldest !== undefined) this.directories.delete(oldest);
    }
    this.directories.set(origin, directory);
  }

  /** Fetches and parses a directory; a failure is kept briefly as an empty one (never thrown). */
  private async fetchDirectory(origin: string): Promise<Directory> {
    try {
      const directory = await this.load(origin);
      this.stats.directories.fetched += 1;
      return directory;
    } catch {
      this.stats.directories.failed += 1;
      return { keys: new Map(), until: this.o.now() + FAILED_DIRECTORY_SECONDS * 1000 };
    }
  }

  private async load(origin: string): Promise<Directory> {
    const response = await fetch(`${origin}${HTTP_MESSAGE_SIGNATURES_DIRECTORY}`, {
      headers: { accept: DIRECTORY_MEDIA_TYPE },
      redirect: 'error',
      signal: AbortSignal.timeout(this.o.fetchTimeoutMs),
      // Node's fetch takes undici's dispatcher; the DOM types do not know it.
      ...({ dispatcher: this.agent } as object),
    });
    if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
    let size = 0;
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > this.o.maxDirectoryBytes) throw new Error('directory too large');
      chunks.push(chunk);
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { keys?: unknown };
    const keys = new Map<string, KeyObject>();
    for (const jwk of Array.isArray(body.keys) ? body.keys : []) {
      const k = jwk as Record<string, unknown>;
      if (k.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string') continue;
      try {
        const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x }, format: 'jwk' });
        keys.set(ed25519Thumbprint(k.x), key);
      } catch {
        continue;
      }
    }
    const seconds = cacheSeconds(
      response.headers.get('cache-control'),
      this.o.minCacheSeconds,
      this.o.maxCacheSeconds,
    );
    return { keys, until: this.o.now() + seconds * 1000 };
  }
}
