// Sends the visitor elsewhere without ever showing the store. Only http(s) targets other than
// this very page are followed; anything else is no redirect at all.
import { keepHidden } from './guard.js';

/** Returns false when the target is unusable (the caller reveals the page). */
export function redirectTo(target: unknown): boolean {
  if (typeof target != 'string') return false;
  let url: URL;
  try {
    url = new URL(target, location.href);
  } catch {
    return false;
  }
  if (!/^https?:$/.test(url.protocol) || url.href == location.href) return false;
  keepHidden();
  location.replace(url.href);
  return true;
}
