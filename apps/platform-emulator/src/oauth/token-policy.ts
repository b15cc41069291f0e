// The platform's clock and its rules for offline tokens: an expiring access token lives an
// hour and its refresh token 90 days; from a cutoff date non-expiring tokens are refused (on
// Shopify, January 1, 2027 for public apps). Tests move the clock and the cutoff through the
// control API, so "after the cutoff" or "an hour later" needs no waiting.
export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 90 * 24 * 60 * 60;
/** A lost migration answer can be had again with the original token for this long. */
export const MIGRATION_RECOVERY_MS = 7 * 24 * 60 * 60 * 1000;
/** A used refresh token stays good until its replacement is used, for at most this long. */
export const REFRESH_RECOVERY_MS = 30 * 24 * 60 * 60 * 1000;
export const PLATFORM_NON_EXPIRING_CUTOFF = '2027-01-01T00:00:00.000Z';

export class TokenPolicy {
  /** How far the platform's clock is from this machine's. */
  private offsetMs = 0;
  private cutoffMs: number | null;

  constructor(cutoff: string | null) {
    this.cutoffMs = cutoff === null ? null : Date.parse(cutoff);
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Sets the platform's "now" (null: this machine's clock again). */
  setNow(iso: string | null): void {
    this.offsetMs = iso === null ? 0 : Date.parse(iso) - Date.now();
  }

  /** From this date non-expiring offline tokens are refused (null: never). */
  setCutoff(iso: string | null): void {
    this.cutoffMs = iso === null ? null : Date.parse(iso);
  }

  get cutoff(): string | null {
    return this.cutoffMs === null ? null : new Date(this.cutoffMs).toISOString();
  }

  nonExpiringRefused(): boolean {
    return this.cutoffMs !== null && this.now() >= this.cutoffMs;
  }

  view(): { now: string; nonExpiringTokenCutoff: string | null } {
    return { now: new Date(this.now()).toISOString(), nonExpiringTokenCutoff: this.cutoff };
  }
}
