// One page view: decide, then reveal, block or redirect. The first page view of a visit waits
// (hidden) for at most the merchant's time-out; once an allow token is held, pages reveal at
// once and the decision is re-checked in the background, where a block still blocks.
import type { DecideResponse } from '@gatehouse/contracts';
import { readAdminAccessChange, setAdminAccess } from './admin-access.js';
import { showBlockPage } from './block-page.js';
import type { Config } from './config.js';
import { decide } from './decide.js';
import { reveal } from './guard.js';
import { showNotice } from './notice.js';
import { redirectTo } from './redirect.js';
import { DEVICE_TOKEN_KEY, readItem, SESSION_TOKEN_KEY, writeItem } from './storage.js';

/** Acts on a decision; returns false when the visitor is being sent away. */
function act(answer: DecideResponse | null): boolean {
  if (answer?.action == 'block') {
    // The next page view waits hidden again instead of showing the store first.
    writeItem('sessionStorage', SESSION_TOKEN_KEY, null);
    showBlockPage(answer.blockPage);
    return true;
  }
  if (answer?.action == 'redirect' && redirectTo(answer.redirectUrl)) return false;
  if (answer?.action == 'allow' && answer.token) {
    writeItem('sessionStorage', SESSION_TOKEN_KEY, answer.token);
  }
  reveal();
  return true;
}

export async function protect(config: Config): Promise<void> {
  const t = readItem('sessionStorage', SESSION_TOKEN_KEY);
  if (t) reveal();

  const change = readAdminAccessChange();
  const enabled = change && (await setAdminAccess(config, change, config.timeoutMs));

  // The guard's CSS fallback counts from about the start of navigation, so the script's own
  // bound does too and always reveals first. A script that arrives after the time-out has
  // passed lets the page show and checks in the background instead.
  const remaining = config.timeoutMs - performance.now();
  if (remaining < 100) reveal();
  const answer = await decide(
    config,
    { t, d: readItem('localStorage', DEVICE_TOKEN_KEY) },
    remaining < 100 ? config.timeoutMs : remaining,
  );
  if (act(answer) && change) {
    showNotice(
      enabled == null
        ? 'Admin Access mode could not be changed'
        : `Admin Access mode ${enabled ? 'enabled' : 'disabled'}`,
    );
  }
}
