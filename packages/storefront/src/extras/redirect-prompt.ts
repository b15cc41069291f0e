// A geolocation redirect that asks first: a small dialog over the store with the target's
// flag, the merchant's title and text, and two buttons. The visitor's answer is remembered in
// this browser for that target: "go" sends them there at once next time, "stay" never asks
// again.
import type { RedirectPromptView } from '@gatehouse/contracts';

const CHOICE_KEY = 'gatehouse:r:';

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, value: 'go' | 'stay'): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered: the visitor is asked again in a later session.
  }
}

/** The flag emoji of a two-letter country code, or empty. */
function flagOf(code: string): string {
  return /^[A-Z]{2}$/.test(code)
    ? String.fromCodePoint(...[...code].map((c) => 0x1f1a5 + c.charCodeAt(0)))
    : '';
}

function go(url: URL): void {
  if (/^https?:$/.test(url.protocol) && url.href != location.href) location.assign(url.href);
}

export function showRedirectPrompt(prompt: RedirectPromptView, address: string): void {
  let url: URL;
  try {
    url = new URL(address, location.href);
  } catch {
    return;
  }
  const key = CHOICE_KEY + url.origin;
  const choice = remembered(key);
  if (choice == 'go') return go(url);
  if (choice == 'stay') return;

  const host = document.createElement('div');
  host.id = 'gatehouse-prompt';
  // A shadow root keeps the store's styles off the dialog and the dialog's off the store.
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML =
    '<style>:host{all:initial}div.b{position:fixed;inset:0;z-index:2147483646;background:rgba(0,0,0,.45);' +
    'display:flex;align-items:center;justify-content:center;font:15px/1.5 system-ui,-apple-system,sans-serif}' +
    'section{background:#fff;color:#1a1a1a;max-width:26rem;width:calc(100% - 2rem);border-radius:12px;' +
    'padding:1.5rem;box-shadow:0 8px 32px rgba(0,0,0,.3);text-align:center}' +
    '.f{font-size:2.5rem;line-height:1}h2{font-size:1.25rem;margin:.5rem 0}p{margin:0 0 1.25rem}' +
    'button{font:inherit;border-radius:8px;padding:.6rem 1rem;margin:.25rem;cursor:pointer;border:1px solid #1a1a1a}' +
    '.go{background:#1a1a1a;color:#fff}.stay{background:#fff;color:#1a1a1a}</style>' +
    '<div class="b"><section role="dialog" aria-modal="true" aria-labelledby="t">' +
    '<div class="f" aria-hidden="true"></div><h2 id="t"></h2><p></p>' +
    '<button class="go" type="button"></button><button class="stay" type="button"></button></section></div>';
  const set = (selector: string, text: string) => {
    const node = root.querySelector(selector);
    if (node) node.textContent = text;
  };
  set('.f', flagOf(prompt.flag));
  set('h2', prompt.title);
  set('p', prompt.text);
  set('.go', prompt.accept);
  set('.stay', prompt.decline);
  const answer = (value: 'go' | 'stay') => () => {
    remember(key, value);
    host.remove();
    if (value == 'go') go(url);
  };
  root.querySelector('.go')?.addEventListener('click', answer('go'));
  root.querySelector('.stay')?.addEventListener('click', answer('stay'));
  (document.body || document.documentElement).appendChild(host);
  (root.querySelector('.go') as HTMLElement | null)?.focus();
}
