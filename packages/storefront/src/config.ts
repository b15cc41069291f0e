// Reads the settings the app-embed block renders into
// `<script id="gatehouse-config" type="application/json">`.
import { DEFAULT_TIMEOUT_MS } from '@gatehouse/contracts/block-page-defaults';

export interface Config {
  /** The shop's permanent `*.myshopify.com` domain. */
  shop: string;
  /** The app's origin, without a trailing slash. */
  api: string;
  /** How long the first page view of a visit waits for a decision. */
  timeoutMs: number;
  /** The version of the shop's rules now in force ('' before the app has published one). */
  version: string;
  /** The second asset (the redirect prompt, content protection), loaded only when needed. */
  extras: string;
}

/** The config, or null when the block is incomplete (no shop, or the app's origin not set yet). */
export function readConfig(): Config | null {
  const raw: unknown = JSON.parse(document.getElementById('gatehouse-config')?.textContent || '{}');
  if (!raw || typeof raw != 'object') return null;
  const { shop, api, timeoutMs, version, extras } = raw as Record<string, unknown>;
  if (typeof shop != 'string' || !shop || typeof api != 'string' || !/^https?:\/\//.test(api)) {
    return null;
  }
  return {
    shop,
    api: api.replace(/\/+$/, ''),
    timeoutMs:
      typeof timeoutMs == 'number' && timeoutMs > 0
        ? Math.min(timeoutMs, 10000)
        : DEFAULT_TIMEOUT_MS,
    version: typeof version == 'string' ? version : '',
    extras: typeof extras == 'string' ? extras : '',
  };
}
