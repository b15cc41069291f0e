// Loads the second asset (gatehouse-extras.js: the redirect prompt, content protection and the
// block page's access request form)
// on the page views that need it, once; stores that use neither never download it.
import type { DecideResponse } from '@gatehouse/contracts';
import type { Config } from './config.js';

/** What the second asset exposes. */
export interface Extras {
  prompt(prompt: NonNullable<DecideResponse['prompt']>, url: string): void;
  protect(switches: string[]): void;
  /** The block page's "Request access" form. */
  access(api: string, shop: string, reference: string): void;
}

declare global {
  interface Window {
    GatehouseExtras?: Extras;
  }
}

let loading: Promise<Extras | undefined> | undefined;

export function withExtras(config: Config, use: (extras: Extras) => void): void {
  loading ??= new Promise((resolve) => {
    // The theme's asset URL: protocol-relative on the platform's CDN, or a path.
    if (!/^(https?:)?\//.test(config.extras)) return resolve(undefined);
    const script = document.createElement('script');
    script.src = config.extras;
    script.async = true;
    script.onload = script.onerror = () => resolve(window.GatehouseExtras);
    document.head.appendChild(script);
  });
  void loading.then((extras) => {
    try {
      if (extras) use(extras);
    } catch {
      // The store keeps working without the prompt or the protection.
    }
  });
}
