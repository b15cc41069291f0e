// Fault injection for the app-facing API (Admin GraphQL and the OAuth token endpoint), so
// tests can see how the app behaves when the platform misbehaves: a request that is accepted
// and never answered, a slow answer, 429 with Retry-After, a 5xx, GraphQL's THROTTLED, or a
// request carried out whose answer is lost (the connection dropped instead of answering).
// A fault applies to one shop or to every shop, optionally only to one endpoint or to one
// named GraphQL operation, and for a number of requests or until it is removed. The first
// matching fault, oldest first, wins.
import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { isShopDomain } from '../shop-domain.js';

export const FAULT_ENDPOINTS = ['graphql', 'access-token'] as const;
export type FaultEndpoint = (typeof FAULT_ENDPOINTS)[number];

const common = {
  /** One shop's domain; omitted = every shop. */
  shop: z.string().refine(isShopDomain, 'must be a <handle>.myshopify.com domain').optional(),
  /** Only this endpoint; omitted = both. */
  endpoint: z.enum(FAULT_ENDPOINTS).optional(),
  /**
   * Only GraphQL requests whose operation has this name (`query GatehouseShop { … }`), so a
   * test's fault is not taken by another call the app makes meanwhile; omitted = any request.
   */
  operation: z
    .string()
    .regex(/^[_A-Za-z][_0-9A-Za-z]{0,99}$/, 'must be a GraphQL operation name')
    .optional(),
  /** How many requests it applies to before it switches itself off; omitted = until removed. */
  times: z.number().int().min(1).optional(),
};

export const faultInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hang'), ...common }),
  z.object({ kind: z.literal('lost-answer'), ...common }),
  z.object({ kind: z.literal('slow'), delayMs: z.number().int().min(1).max(600_000), ...common }),
  z.object({
    kind: z.literal('rate-limited'),
    retryAfterSeconds: z.number().min(0).max(3600).default(2),
    ...common,
  }),
  z.object({
    kind: z.literal('server-error'),
    status: z.number().int().min(500).max(599).default(503),
    ...common,
  }),
  z.object({
    kind: z.literal('throttled'),
    /** The bucket's points left, reported in extensions.cost.throttleStatus. */
    currentlyAvailable: z.number().int().min(0).default(0),
    /** Points restored per second. */
    restoreRate: z.number().int().min(1).default(100),
    endpoint: z.literal('graphql').optional(),
    shop: common.shop,
    operation: common.operation,
    times: common.times,
  }),
]);

export type FaultInput = z.input<typeof faultInput>;
export type FaultSpec = z.output<typeof faultInput>;
export type FaultView = FaultSpec & {
  id: string;
  /** Requests it has been applied to so far. */
  hits: number;
  /** Requests left before it switches off; null = until removed. */
  remaining: number | null;
};
export type ThrottledFault = Extract<FaultSpec, { kind: 'throttled' }>;

interface ActiveFault {
  id: string;
  spec: FaultSpec;
  hits: number;
  remaining: number | null;
}

export class FaultInjector {
  private faults: ActiveFault[] = [];
  private nextId = 1;
  /** Requests held open by a hang fault, released (their connection dropped) on removal. */
  private readonly hung = new Map<string, Set<IncomingMessage>>();
  /** Aborts every slow answer still waiting when the emulator closes. */
  private readonly closing = new AbortController();

  add(input: FaultInput): FaultView {
    const spec = faultInput.parse(input);
    const fault: ActiveFault = {
      id: String(this.nextId++),
      spec,
      hits: 0,
      remaining: spec.times ?? null,
    };
    this.faults.push(fault);
    return view(fault);
  }

  list(): FaultView[] {
    return this.faults.map(view);
  }

  /** Switches a fault off (a used-up one too, while it still holds hung requests). */
  remove(id: string): boolean {
    const known = this.faults.some((f) => f.id === id) || this.hung.has(id);
    this.faults = this.faults.filter((f) => f.id !== id);
    this.dropHung(id);
    return known;
  }

  clear(): void {
    this.faults = [];
    for (const id of [...this.hung.keys()]) this.dropHung(id);
  }

  /** Ends everything in flight so the emulator can close while requests hang. */
  close(): void {
    this.closing.abort();
    this.clear();
  }

  /**
   * Takes the first fault for this request (counting it as used), other than THROTTLED.
   * `operation` undefined: the request is not read yet, so only faults for any operation
   * apply; a name: the GraphQL request was read, so only faults for that operation apply.
   */
  take(shop: string, endpoint: FaultEndpoint, operation?: string): ActiveFault | null {
    return this.takeWhere(shop, endpoint, operation, (spec) => spec.kind !== 'throttled');
  }

  /** Takes a THROTTLED fault for a GraphQL request of this shop, if one is on. */
  takeThrottle(shop: string, operation: string | undefined): ThrottledFault | null {
    const fault =
      (operation === undefined
        ? null
        : this.takeWhere(shop, 'graphql', operation, (spec) => spec.kind === 'throttled')) ??
      this.takeWhere(shop, 'graphql', undefined, (spec) => spec.kind === 'throttled');
    return fault?.spec.kind === 'throttled' ? fault.spec : null;
  }

  /** Holds the request open until the fault is removed or the emulator closes. */
  hold(faultId: string, request: IncomingMessage): void {
    let held = this.hung.get(faultId);
    if (!held) this.hung.set(faultId, (held = new Set()));
    held.add(request);
    request.once('close', () => held.delete(request));
  }

  /** Waits before the request goes on; cut short (rejects) when the emulator closes. */
  wait(ms: number): Promise<void> {
    return delay(ms, undefined, { signal: this.closing.signal });
  }

  private takeWhere(
    shop: string,
    endpoint: FaultEndpoint,
    operation: string | undefined,
    accept: (spec: FaultSpec) => boolean,
  ): ActiveFault | null {
    const fault = this.faults.find(
      (f) =>
        accept(f.spec) &&
        f.spec.operation === operation &&
        (f.spec.shop === undefined || f.spec.shop === shop) &&
        (f.spec.endpoint === undefined || f.spec.endpoint === endpoint),
    );
    if (!fault) return null;
    fault.hits += 1;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      // A used-up hang fault keeps its held requests hanging: only removal releases them.
      if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return fault;
  }

  private dropHung(id: string): void {
    for (const request of this.hung.get(id) ?? []) request.socket.destroy();
    this.hung.delete(id);
  }
}

function view(fault: ActiveFault): FaultView {
  return { ...fault.spec, id: fault.id, hits: fault.hits, remaining: fault.remaining };
}
