// Signed agents' key directories: an agent that signs its requests publishes its Ed25519 public
// keys as a JSON Web Key Set at /.well-known/http-message-signatures-directory of the origin
// its Signature-Agent names (Shopify serves a single key, not a set: both are read; and it
// answers its bare domain with a redirect to www, so a redirect to the same path on the
// agent's own host or a subdomain of it is followed, twice at most, and no other). A
// directory is fetched through the origin guard (public addresses
// over https only; http and private addresses only for the development origins, never in
// production), with a time-out on the whole fetch and a cap on its size, and kept as long as
// its Cache-Control says within bounds; the number kept and the fetches under way at once are
// bounded too. A key is known by its JWK thumbprint (the signature's keyid), and by the kid
// the directory gives it when that differs, and only within the key's own nbf/exp. A directory that cannot be read is kept for a minute as one without
// keys, so a down or slow agent costs one fetch a minute, and every failure is counted and
// logged. A request never waits long: past a short wait it is answered "not ready" while the
// fetch goes on for the next one.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { DevOrigin, HostLookup } from '@gatehouse/engine';
import type { Agent } from 'undici';
import { createOriginAgent } from './origin-guard.js';

export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';
export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

/** A public key of the directory and the seconds (epoch) it is valid in. */
export interface DirectoryKey {
  key: KeyObject;
  notBefore: number;
  notAfter: number;
}

export interface Directory {
  keys: Map<string, DirectoryKey>;
  /** Epoch ms until which it is kept. */
  until: number;
}

export interface DirectoryOptions {
  devOrigins: readonly DevOrigin[];
  lookup?: HostLookup;
  fetchTimeoutMs: number;
  waitMs: number;
  maxBytes: number;
  minCacheSeconds: number;
  maxCacheSeconds: number;
  maxKept: number;
  maxPending: number;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
}

export interface DirectoryStats {
  fetched: number;
  failed: number;
  pending: number;
  /** Requests that found too many fetches under way and did not start one. */
  busy: number;
}

const FAILED_SECONDS = 60;
const DEFAULT_CACHE_SECONDS = 3600;
const MAX_KEYS = 64;
const MAX_REDIRECTS = 2;
const MAX_KID_LENGTH = 256;

/** RFC 7638 thumbprint of an Ed25519 public key (members crv, kty, x in that order). */
export function ed25519Thumbprint(x: string): string {
  const canonical = JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x });
  return createHash('sha256').update(canonical).digest('base64url');
}

function cacheSeconds(header: string | null, min: number, max: number): number {
  const match = header ? /(?:^|,)\s*max-age\s*=\s*"?(\d+)/i.exec(header) : null;
  const seconds = match ? Number(match[1]) : DEFAULT_CACHE_SECONDS;
  return Math.min(max, Math.max(min, seconds));
}

const seconds = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The keys of a directory body: a JWKS's `keys`, or the body itself when it is one key. */
function jwksOf(body: unknown): unknown[] {
  if (body === null || typeof body !== 'object') return [];
  const list = (body as { keys?: unknown }).keys;
  if (Array.isArray(list)) return list.slice(0, MAX_KEYS);
  return 'kty' in body ? [body] : [];
}

/** The Ed25519 keys of a directory body, by thumbprint and kid; other keys are left out. */
export function directoryKeys(body: unknown): Map<string, DirectoryKey> {
  const keys = new Map<string, DirectoryKey>();
  for (const jwk of jwksOf(body)) {
    const k = jwk as Record<string, unknown>;
    if (k?.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string') continue;
    try {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x }, format: 'jwk' });
      const known = {
        key,
        notBefore: seconds(k.nbf, -Infinity),
        notAfter: seconds(k.exp, Infinity),
      };
      keys.set(ed25519Thumbprint(k.x), known);
      if (typeof k.kid === 'string' && k.kid !== '' && k.kid.length <= MAX_KID_LENGTH) {
        keys.set(k.kid, known);
      }
    } catch {
      continue;
    }
  }
  return keys;
}

/** Where a directory's redirect leads, when it stays on the path at the agent's own hosts. */
export function followedRedirect(from: URL, location: string | null, agentHost: string) {
  if (!location) return null;
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return null;
  }
  const host = target.hostname;
  const own = host === agentHost || host.endsWith(`.${agentHost}`);
  return own &&
    target.protocol === from.protocol &&
    target.pathname === DIRECTORY_PATH &&
    target.search === ''
    ? target
    : null;
}

export class DirectoryCache {
  private readonly kept = new Map<string, Directory>();
  private readonly pending = new Map<string, Promise<Directory>>();
  private readonly agent: Agent;
  readonly stats: DirectoryStats = { fetched: 0, failed: 0, pending: 0, busy: 0 };

  constructor(private readonly o: DirectoryOptions) {
    this.agent = createOriginAgent({
      devOrigins: o.devOrigins,
      ...(o.lookup ? { lookup: o.lookup } : {}),
      connectTimeoutMs: o.fetchTimeoutMs,
      listeners: () => [],
    });
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }

  /** The origin's directory if it is kept or arrives within the short wait; null otherwise. */
  async within(origin: string): Promise<Directory | null> {
    const known = this.kept.get(origin);
    if (known && known.until > this.o.now()) return known;
    let fetching = this.pending.get(origin);
    if (!fetching) {
      if (this.pending.size >= this.o.maxPending) {
        this.stats.busy += 1;
        return null;
      }
      fetching = this.fetchDirectory(origin).then((directory) => {
        this.keep(origin, directory);
        return directory;
      });
      this.pending.set(origin, fetching);
      this.stats.pending = this.pending.size;
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
    this.stats.pending = this.pending.size;
    this.kept.delete(origin);
    if (this.kept.size >= this.o.maxKept) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(origin, directory);
  }

  /** Fetches and reads a directory; a failure is kept briefly as one without keys. */
  private async fetchDirectory(origin: string): Promise<Directory> {
    try {
      const directory = await this.load(origin);
      this.stats.fetched += 1;
      return directory;
    } catch (error) {
      this.stats.failed += 1;
      this.o.log.warn(
        { agent: origin, err: error, failed: this.stats.failed },
        'a signed agent’s key directory could not be read; its requests are judged as unsigned',
      );
      return { keys: new Map(), until: this.o.now() + FAILED_SECONDS * 1000 };
    }
  }

  /** The directory's answer, its allowed redirects followed, within the one time-out. */
  private async answer(origin: string): Promise<Response> {
    const signal = AbortSignal.timeout(this.o.fetchTimeoutMs);
    let url = new URL(`${origin}${DIRECTORY_PATH}`);
    const agentHost = url.hostname;
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        headers: { accept: DIRECTORY_MEDIA_TYPE },
        redirect: 'manual',
        signal,
        // Node's fetch takes undici's dispatcher; the DOM types do not know it.
        ...({ dispatcher: this.agent } as object),
      });
      if (response.status < 300 || response.status > 399) return response;
      await response.body?.cancel();
      const next = followedRedirect(url, response.headers.get('location'), agentHost);
      if (!next || hop >= MAX_REDIRECTS) {
        throw new Error(`the directory redirected to ${response.headers.get('location') ?? '?'}`);
      }
      url = next;
    }
  }

  private async load(origin: string): Promise<Directory> {
    const response = await this.answer(origin);
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`the directory answered ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > this.o.maxBytes) {
      await response.body.cancel();
      throw new Error(`the directory is larger than ${this.o.maxBytes} bytes`);
    }
    let size = 0;
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > this.o.maxBytes) {
        throw new Error(`the directory is larger than ${this.o.maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    const keys = directoryKeys(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    const kept = cacheSeconds(
      response.headers.get('cache-control'),
      this.o.minCacheSeconds,
      this.o.maxCacheSeconds,
    );
    return { keys, until: this.o.now() + kept * 1000 };
  }
}
