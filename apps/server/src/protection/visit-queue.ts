// The queue every decision's visit goes into (the visitor log writes it in batches): declared
// here so the decision records visits without knowing how they are stored.
import type { Decision } from '@gatehouse/engine';
import type { RuleFacts } from './blocker.js';

export interface VisitInput {
  shopId: string;
  /** Milliseconds since the epoch. */
  time: number;
  ip: string;
  url: string;
  referrer: string;
  userAgent: string;
  decision: Decision;
  /** The deciding rule as it stood when it decided (ShopPolicy.describe); null for none. */
  ruleFacts: RuleFacts | null;
  /** The monitored rule as it stood when it matched; null for none. */
  monitorFacts: RuleFacts | null;
}

export interface VisitMetrics {
  /** Visits waiting to be written. */
  queued: number;
  written: number;
  /** Refused because the queue was full. */
  dropped: number;
  /** Lost because their batch could not be written (database down), or not encodable. */
  failed: number;
  flushes: number;
}

export interface VisitBuffer {
  record(visit: VisitInput): void;
  /** Writes everything queued (tests, shutdown). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
  readonly metrics: VisitMetrics;
}
