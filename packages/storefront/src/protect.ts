// One page view: decide, then reveal, block or redirect. The first page view of a visit waits
// (hidden) for at most the merchant's time-out, then shows the store (fail open) but keeps
// listening: a block or redirect that arrives late still applies. Once an allow token issued
// under the shop's rules now in force is held, pages reveal at once and the decision is
// re-checked in the background, where a block still blocks; a token from before the rules
// changed waits for the decision as a first view does. A geolocation redirect happens once per browser session; one that asks first shows
// the store and its prompt.
import type { DecideResponse } from '@gatehouse/contracts';
import { readAdminAccessChange, setAdminAccess } from './admin-access.js';
import { showBlockPage } from './block-page.js';
import type { Config } from './config.js';
import { decide } from './decide.js';
import { withExtras } from './extras-loader.js';
import { reveal } from './guard.js';
import { showNotice } from './notice.js';
import { redirectTo } from './redirect.js';
import {
  DEVICE_TOKEN_KEY,
  readItem,
  REDIRECTED_KEY,
  SESSION_TOKEN_KEY,
  writeItem,
} from './storage.js';

/**
 * Whether an allow token (`<expiry>.<version>.<signature>`) was issued under the rules the page
 * says are in force; a page without a published version takes any token.
 */
export function isCurrent(token: string, version: string): boolean {
  return !version || token.split('.')[1] == version;
}

/** How long an answer is still acted on after the page was shown without it. */
const LATE_MS = 20000;

/** Acts on a decision; returns false when the visitor is being sent away. */
function act(config: Config, answer: DecideResponse | null): boolean {
  if (answer?.action == 'block') {
    // The next page view waits hidden again instead of showing the store first.
    writeItem('sessionStorage', SESSION_TOKEN_KEY, null);
    showBlockPage(answer.blockPage, answer.notice);
    const reference = answer.notice?.reference;
    if (reference)
      withExtras(config, (extras) => extras.access(config.api, config.shop, reference));
    return true;
  }
  if (answer?.action == 'redirect') {
    writeItem('sessionStorage', REDIRECTED_KEY, '1');
    const { prompt, redirectUrl } = answer;
    if (prompt) withExtras(config, (extras) => extras.prompt(prompt, String(redirectUrl)));
    else if (redirectTo(redirectUrl)) return false;
  }
  if (answer?.token) writeItem('sessionStorage', SESSION_TOKEN_KEY, answer.token);
  const switches = answer?.protect;
  if (switches?.length) withExtras(config, (extras) => extras.protect(switches));
  reveal();
  return true;
}

export async function protect(config: Config): Promise<void> {
  const t = readItem('sessionStorage', SESSION_TOKEN_KEY);
  if (t && isCurrent(t, config.version)) reveal();

  const change = readAdminAccessChange();
  const enabled = change && (await setAdminAccess(config, change, config.timeoutMs));

  // The guard's CSS fallback counts from about the start of navigation, so the script's own
  // bound does too and always reveals first; a script that arrives after the time-out has
  // passed shows the page at once.
  const timer = setTimeout(reveal, config.timeoutMs - performance.now());
  const answer = await decide(
    config,
    {
      t,
      d: readItem('localStorage', DEVICE_TOKEN_KEY),
      g: readItem('sessionStorage', REDIRECTED_KEY),
    },
    LATE_MS,
  );
  clearTimeout(timer);
  if (act(config, answer) && change) {
    showNotice(
      enabled == null
        ? 'Admin Access mode could not be changed'
        : `Admin Access mode ${enabled ? 'enabled' : 'disabled'}`,
    );
  }
}
