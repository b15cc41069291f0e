// Signed agents (Web Bot Auth): a bot may sign its requests with an HTTP Message Signature
// (RFC 9421, Ed25519, tag "web-bot-auth") and name, in Signature-Agent, the origin whose key
// directory holds its public keys (signed-agent-directory.ts). A request is known to come from
// that agent only when: the signature covers the request's authority and the Signature-Agent
// header, checks out with a key of that directory named by the keyid, was created no later
// than now and has not expired (each give or take the clock-skew window), is valid for no
// longer than the agent's rules allow (a day unless told otherwise), and has not been seen
// before (its nonce, or the signature itself without one: a replay) unless the agent's
// signatures are reusable credentials (signed-agent-identities.ts, the store's own crawler):
// those are sent unchanged with every request, bound to one domain by the authority they
// cover. Anything short of that leaves the request unsigned:
// it is then judged by its user agent like any other, never let through on a claimed
// signature. Nothing is thrown at the caller; every refusal is counted by its reason.
import { verify as verifyBytes } from 'node:crypto';
import { isDevOrigin, type DevOrigin, type HostLookup } from '@gatehouse/engine';
import {
  isSignatureError,
  verifySignature,
  type FieldOccurrence,
  type VerifiedSignature,
  type Verifier,
} from 'http-message-sig';
import { DirectoryCache, type Directory, type DirectoryStats } from './signed-agent-directory.js';
import type { AgentRules } from './signed-agent-identities.js';

/** The tag of a Web Bot Auth signature in Signature-Input. */
export const WEB_BOT_AUTH_TAG = 'web-bot-auth';

export interface SignedAgentOptions {
  /** Agent origins that may be http or private: development and tests only. */
  devOrigins: readonly DevOrigin[];
  /**
   * How the signatures of the agent at a host are checked, null for an agent whose
   * signatures are not checked; any agent, by the default rules, when absent. Only known
   * agents' key directories are ever fetched, so nobody can make the firewall fetch from
   * elsewhere or fill its caches with agents of their own.
   */
  agentRules?: (host: string) => AgentRules | null;
  /**
   * Where the key directory of an agent (by host) is read instead of its Signature-Agent's
   * origin: development and tests only, where a local stand-in publishes the agent's keys.
   */
  directoryOrigins?: ReadonlyMap<string, string>;
  lookup?: HostLookup;
  /** How long a directory fetch may take in all. */
  fetchTimeoutMs?: number;
  /** How long a request waits for a directory not yet known before it is judged unsigned. */
  waitMs?: number;
  /** The largest directory body read. */
  maxDirectoryBytes?: number;
  /** How far the signer's clock may be from ours. */
  skewSeconds?: number;
  /** The longest a signature may be valid (expires - created) under the default rules. */
  maxValiditySeconds?: number;
  /** Bounds on how long a directory is kept, whatever its Cache-Control says. */
  minCacheSeconds?: number;
  maxCacheSeconds?: number;
  /** The most directories kept, fetched at once, and signatures remembered for replays. */
  maxAgents?: number;
  maxPending?: number;
  maxSeen?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

/** A request as the firewall received it. */
export interface SignedRequest {
  method: string;
  /** The scheme and authority the visitor addressed, and the path with the query. */
  scheme: string;
  authority: string;
  path: string;
  /** The header fields in the order received: name, value, name, value… */
  rawHeaders: readonly string[];
}

export interface SignedAgentStats {
  verified: number;
  unsigned: number;
  /** Requests that claimed a signature and were judged unsigned, by reason. */
  refused: Record<string, number>;
  directories: DirectoryStats;
}

class Refused extends Error {}

/**
 * The agent's origin named in Signature-Agent, or null: the header is a string, or a
 * dictionary whose member under the signature's label names it.
 */
export function agentUrl(value: string | undefined, label?: string): URL | null {
  if (!value || value.length > 2048) return null;
  const member = label
    ? new RegExp(`(?:^|,)\\s*${label.replace(/[.*]/g, '\\$&')}="([^"]*)"`).exec(value)
    : null;
  const quoted = member ?? /"([^"]*)"/.exec(value);
  try {
    const url = new URL(quoted ? quoted[1]! : value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** What verification reads of a request the firewall received. */
export function signedRequestOf(request: {
  method: string;
  protocol: string;
  host: string;
  url: string;
  raw: { rawHeaders: string[] };
}): SignedRequest {
  return {
    method: request.method,
    scheme: request.protocol,
    authority: request.host,
    path: request.url,
    rawHeaders: request.raw.rawHeaders,
  };
}

/** The label of the signature tagged web-bot-auth in Signature-Input, if one is. */
function webBotAuthLabel(input: string): string | undefined {
  const tagged = /(?:^|,)\s*([a-z*][a-z0-9_.*-]*)=\([^)]*\)[^,]*;\s*tag="web-bot-auth"/.exec(input);
  return tagged?.[1];
}

const header = (raw: readonly string[], name: string): string | undefined => {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
};

/** The reason a verification failure is counted under. */
function reasonOf(error: unknown): string {
  if (error instanceof Refused) return error.message;
  if (!isSignatureError(error)) return 'malformed';
  if (error.code === 'ResolverFailed' && error.cause instanceof Refused) return error.cause.message;
  if (error.code === 'VerificationFailed') return 'bad signature';
  if (error.code === 'PolicyViolation') {
    if (/future/.test(error.message)) return 'created in the future';
    if (/expired/.test(error.message)) return 'expired';
    return 'not as required';
  }
  return 'malformed';
}

export class SignedAgents {
  private readonly directories: DirectoryCache;
  private readonly seen = new Map<string, number>();
  /** When (epoch seconds) expired signatures were last forgotten. */
  private sweptAt = 0;
  private readonly o;
  readonly stats: SignedAgentStats;

  constructor(options: SignedAgentOptions) {
    const rules: AgentRules = {
      reusable: false,
      maxValiditySeconds: options.maxValiditySeconds ?? 24 * 3600,
    };
    this.o = {
      devOrigins: options.devOrigins,
      agentRules: options.agentRules ?? (() => rules),
      directoryOrigins: options.directoryOrigins ?? new Map<string, string>(),
      skewSeconds: options.skewSeconds ?? 60,
      maxSeen: options.maxSeen ?? 100_000,
      now: options.now ?? Date.now,
    };
    this.directories = new DirectoryCache({
      devOrigins: options.devOrigins,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      fetchTimeoutMs: options.fetchTimeoutMs ?? 3000,
      waitMs: options.waitMs ?? 1000,
      maxBytes: options.maxDirectoryBytes ?? 64 * 1024,
      minCacheSeconds: options.minCacheSeconds ?? 300,
      maxCacheSeconds: options.maxCacheSeconds ?? 24 * 3600,
      maxKept: options.maxAgents ?? 1000,
      maxPending: options.maxPending ?? 32,
      now: this.o.now,
      log: options.log ?? { warn: () => {} },
    });
    this.stats = { verified: 0, unsigned: 0, refused: {}, directories: this.directories.stats };
  }

  async close(): Promise<void> {
    await this.directories.close();
  }

  /**
   * The verified agent's identity (its Signature-Agent's host, like chatgpt.com), or null
   * when the request is not, or not yet, verifiably signed.
   */
  async verify(request: SignedRequest): Promise<string | null> {
    const input = header(request.rawHeaders, 'signature-input');
    if (input === undefined || !input.includes(WEB_BOT_AUTH_TAG)) {
      this.stats.unsigned += 1;
      return null;
    }
    try {
      const label = webBotAuthLabel(input);
      const url = agentUrl(header(request.rawHeaders, 'signature-agent'), label);
      if (!url) throw new Refused('no agent');
      const rules = this.o.agentRules(url.hostname);
      if (!rules) throw new Refused('unknown agent');
      const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      if (url.protocol !== 'https:' && !isDevOrigin(this.o.devOrigins, url.hostname, port)) {
        throw new Refused('agent not https');
      }
      const directoryOrigin = this.o.directoryOrigins.get(url.hostname) ?? url.origin;
      const directory = await this.directories.within(directoryOrigin);
      if (!directory) throw new Refused('directory not ready');
      if (directory.keys.size === 0) throw new Refused('no keys');
      await this.check(request, label, url.origin, directory, rules);
      this.stats.verified += 1;
      return url.hostname;
    } catch (error) {
      const reason = reasonOf(error);
      this.stats.refused[reason] = (this.stats.refused[reason] ?? 0) + 1;
      return null;
    }
  }

  private async check(
    request: SignedRequest,
    label: string | undefined,
    origin: string,
    directory: Directory,
    rules: AgentRules,
  ) {
    const fields: FieldOccurrence[] = [];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      fields.push({
        name: request.rawHeaders[i]!.toLowerCase(),
        value: request.rawHeaders[i + 1]!,
      });
    }
    const now = Math.floor(this.o.now() / 1000);
    const verified = await verifySignature(
      {
        kind: 'request',
        method: request.method,
        targetUri: `${request.scheme}://${request.authority}${request.path}`,
        fields,
      },
      {
        ...(label !== undefined ? { label } : {}),
        policy: {
          algorithms: ['ed25519'],
          requiredComponents: ['@authority'],
          requiredParameters: ['created', 'expires', 'keyid', 'tag'],
          clockSkew: this.o.skewSeconds,
          now,
          validate: (signature) => this.validate(signature, rules),
        },
        resolveVerifier: (candidate) => {
          if (candidate.parameters.tag !== WEB_BOT_AUTH_TAG) throw new Refused('wrong tag');
          const found = directory.keys.get(String(candidate.parameters.keyid));
          if (!found) throw new Refused('unknown key');
          if (now < found.notBefore || now > found.notAfter) throw new Refused('key not valid');
          const verifier: Verifier = {
            algorithm: 'ed25519',
            verify: (data, signature) => verifyBytes(null, data, found.key, signature),
          };
          return verifier;
        },
      },
    );
    if (!rules.reusable) this.remember(origin, verified, now);
  }

  /** What the signature must also be: covering Signature-Agent, valid no longer than allowed. */
  private validate(signature: VerifiedSignature, rules: AgentRules): boolean {
    if (!signature.components.some((c) => c.name === 'signature-agent')) {
      throw new Refused('agent not signed');
    }
    const { created, expires } = signature.parameters;
    if (typeof created !== 'number' || typeof expires !== 'number') return false;
    if (expires - created > rules.maxValiditySeconds) throw new Refused('too long');
    return true;
  }

  /** Refuses a signature seen before, and remembers this one until it expires. */
  private remember(origin: string, verified: VerifiedSignature, now: number) {
    const { keyid, nonce, expires } = verified.parameters;
    const id =
      typeof nonce === 'string' && nonce !== ''
        ? `n ${nonce}`
        : `s ${Buffer.from(verified.signature).toString('base64')}`;
    const key = `${origin} ${String(keyid)} ${id}`;
    // Expired signatures are forgotten when the memory is full, at most once a second: while
    // it is full of live ones, signed requests are judged as unsigned rather than slowed down.
    if (this.seen.size >= this.o.maxSeen && now > this.sweptAt) {
      this.sweptAt = now;
      for (const [k, until] of this.seen) if (until < now) this.seen.delete(k);
    }
    if (this.seen.has(key)) throw new Refused('replay');
    if (this.seen.size >= this.o.maxSeen) throw new Refused('too many signatures');
    this.seen.set(key, Number(expires) + this.o.skewSeconds);
  }
}
