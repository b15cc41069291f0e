// The session and impersonation cookies: the only module that reads or writes them, and the
// one way to end a session. Inside the Shopify admin there is no cookie: App Bridge's session
// tokens sign every call, so the merchant is always signed in there.
import { PERSONATE_COOKIE, SESSION_COOKIE } from '@gatehouse/contracts';
import { isEmbedded } from './app-bridge.js';
import { paths } from './pages.js';

const LOGIN_PATH = paths.login;
/** The login page's query when the server ended the session: it says so above the form. */
const EXPIRED = { key: 'session', value: 'expired' } as const;
/** The server decides when a session really ends; the cookie only has to outlive it. */
const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}

export function getSessionToken(): string | null {
  const token = readCookie(SESSION_COOKIE);
  return token === '' ? null : token;
}

export function isLoggedIn(): boolean {
  return isEmbedded() || getSessionToken() !== null;
}

export function isImpersonating(): boolean {
  return readCookie(PERSONATE_COOKIE) === '1';
}

/** Starts a session; `impersonated` marks a support session opened from a personate link. */
export function saveSession(token: string, { impersonated = false } = {}): void {
  writeCookie(SESSION_COOKIE, token, SESSION_COOKIE_MAX_AGE_S);
  if (impersonated) writeCookie(PERSONATE_COOKIE, '1', SESSION_COOKIE_MAX_AGE_S);
  else removeCookie(PERSONATE_COOKIE);
}

export function clearSession(): void {
  removeCookie(SESSION_COOKIE);
  removeCookie(PERSONATE_COOKIE);
}

/** The pages (windows) already on their way to the login page. */
const leaving = new WeakSet<object>();

/**
 * A full page load, so no state of the ended session survives in memory. `expired`: the server
 * ended the session, and the login page tells the merchant so. Once per page: the calls a page
 * starts together all fail alike when the session ends, and a second navigation would cancel
 * the first.
 */
export function goToLogin({ expired = false } = {}): void {
  if (leaving.has(window)) return;
  leaving.add(window);
  window.location.assign(expired ? `${LOGIN_PATH}?${EXPIRED.key}=${EXPIRED.value}` : LOGIN_PATH);
}

/** Whether the login page was opened because the server ended the session. */
export function sessionExpiredIn(params: URLSearchParams): boolean {
  return params.get(EXPIRED.key) === EXPIRED.value;
}
