// The script a store without the app embed loads through its script tag. The platform runs
// script tags only after the page has loaded, so the page is never hidden: the loader writes the
// config the embed would have rendered and loads the same storefront script, which then asks
// for the decision and blocks or redirects. With the embed on, the embed's config is already
// there (or the script already ran) and the loader does nothing.
import { DEFAULT_TIMEOUT_MS, FALLBACK_SCRIPT_PATH } from '@gatehouse/contracts';

export function fallbackLoader(shop: string, appUrl: string): string {
  // JSON in a script: "<" escaped so no value can end the element it may be inlined in.
  const config = JSON.stringify({ shop, api: appUrl, timeoutMs: DEFAULT_TIMEOUT_MS }).replace(
    /</g,
    '\\u003c',
  );
  const script = JSON.stringify(`${appUrl}${FALLBACK_SCRIPT_PATH}`);
  return `(function(){try{var d=document;if(window.Gatehouse||d.getElementById('gatehouse-config'))return;var c=d.createElement('script');c.type='application/json';c.id='gatehouse-config';c.textContent=${JSON.stringify(config)};d.head.appendChild(c);var s=d.createElement('script');s.async=true;s.src=${script};d.head.appendChild(s);}catch(e){}})();\n`;
}
