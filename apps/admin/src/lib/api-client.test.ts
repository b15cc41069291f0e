// The API client and the authenticated fetch under every download, against a mocked fetch:
// the toast text, the outcomes, the logout on 401.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@gatehouse/contracts';
import { callApi, FALLBACK_FAILURE_MESSAGE, failureMessage } from './api-client.js';
import { authedFetch } from './authed-fetch.js';
import { dismissToast, getToasts } from './toast-store.js';

/** A cookie jar with the browser's assignment semantics, enough for `session.ts`. */
function fakeDocument() {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...attributes] = text.split(';').map((s) => s.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('max-age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

const assign = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function toastTexts(): string[] {
  return getToasts().map((t) => t.content);
}

beforeEach(() => {
  vi.stubGlobal('document', fakeDocument());
  vi.stubGlobal('window', { location: { protocol: 'http:', assign } });
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = `${SESSION_COOKIE}=tok-123; path=/`;
});

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  fetchMock.mockReset();
  assign.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('failureMessage', () => {
  it('prefers the message the caller supplied', () => {
    expect(failureMessage('Could not save', 400, { Message: 'Bad domain' })).toBe('Could not save');
  });
  it("uses the body's Message on HTTP 400", () => {
    expect(failureMessage(undefined, 400, { Message: 'Domain name is not valid' })).toBe(
      'Domain name is not valid',
    );
  });
  it('falls back to the generic text on other statuses', () => {
    expect(failureMessage(undefined, 500, { Message: 'Something went wrong' })).toBe(
      FALLBACK_FAILURE_MESSAGE,
    );
  });
  it('falls back when a 400 carries no Message', () => {
    expect(failureMessage(undefined, 400, 'oops')).toBe(FALLBACK_FAILURE_MESSAGE);
  });
  it('falls back when no response arrived', () => {
    expect(failureMessage(undefined, undefined, undefined)).toBe('Failed, Please try again.');
  });
});

describe('callApi', () => {
  it('sends the bearer token and a JSON body on POST, and returns the parsed data', async () => {
    respond(200, 'https://demo.myshopify.com/admin/oauth/authorize?x=1');
    const outcome = await callApi('spfLogin', { domain: 'demo' });
    expect(outcome).toEqual({
      result: true,
      data: 'https://demo.myshopify.com/admin/oauth/authorize?x=1',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/account/spfLogin');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"domain":"demo"}');
    expect((init?.headers as Record<string, string>).Authorization).toBe('bearer tok-123');
    expect(toastTexts()).toEqual([]);
  });

  it('puts a GET request in the query string', async () => {
    respond(200, {
      blockLists: 1,
      fraudProtect: 0,
      asnBlocker: 0,
      ipBlocker: 0,
      regionBlocker: 0,
      vpn: 0,
      referrerBlocker: 0,
      usage: 0,
    });
    const outcome = await callApi('getDashboardData', { days: 7 });
    expect(outcome.result).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/dashboard/getDashboardData?days=7');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("toasts the server's Message for a 400 and returns no data", async () => {
    respond(400, { Message: 'Domain name is not valid' });
    const outcome = await callApi('spfLogin', { domain: 'a b' });
    expect(outcome).toEqual({
      result: false,
      data: undefined,
      message: 'Domain name is not valid',
      status: 400,
    });
    expect(getToasts()).toMatchObject([
      { content: 'Domain name is not valid', error: true, duration: 3000 },
    ]);
  });

  it("keeps the server's whole error body: its code and each problem with its path", async () => {
    const body = {
      Message: '"XX" is not a country code.',
      code: 'invalid_rules',
      issues: [
        { path: ['rules', 0, 'countries', 0], code: 'invalidCountry', message: 'Not XX.' },
        { path: ['rules', 1, 'url'], code: 'invalidRedirectUrl', message: 'Not a URL.' },
      ],
    };
    respond(400, body);
    const outcome = await callApi('saveGeoRedirects', { rules: [] });
    expect(outcome).toEqual({
      result: false,
      data: undefined,
      message: body.Message,
      status: 400,
      error: body,
    });
    respond(403, { Message: 'Upgrade.', code: 'forbidden', issues: [] });
    const refused = await callApi('addIpBlocker', { ip: '192.0.2.1' }, { quietStatuses: [403] });
    expect(refused).toMatchObject({ status: 403, error: { code: 'forbidden', issues: [] } });
  });

  it('leaves the toast to the caller for a status it answers itself, and reports the status', async () => {
    respond(403, { Message: 'The Free plan keeps at most 20 IP Blocker entries.' });
    const outcome = await callApi('addIpBlocker', { ip: '192.0.2.1' }, { quietStatuses: [403] });
    expect(outcome).toMatchObject({ result: false, status: 403 });
    expect(toastTexts()).toEqual([]);
  });

  it("toasts the caller's message over the server's", async () => {
    respond(400, { Message: 'That message does not exist.' });
    await callApi('markMessageRead', { id: 'x' }, { message: 'Could not mark it read' });
    expect(toastTexts()).toEqual(['Could not mark it read']);
  });

  it('toasts the generic text on a server error', async () => {
    respond(500, { Message: 'Something went wrong on our side. Please try again.' });
    const outcome = await callApi('getWafConnected', {});
    expect(outcome.result).toBe(false);
    expect(toastTexts()).toEqual(['Failed, Please try again.']);
  });

  it('toasts the generic text when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const outcome = await callApi('showRating', {});
    expect(outcome.result).toBe(false);
    expect(toastTexts()).toEqual(['Failed, Please try again.']);
  });

  it('treats a response that breaks the contract as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { isEnabled: 'yes' });
    const outcome = await callApi('getExtensionEnabned', {});
    expect(outcome.result).toBe(false);
    expect(toastTexts()).toEqual(['Failed, Please try again.']);
  });

  it('logs out on 401: drops the session cookie and goes to /login, saying the session expired', async () => {
    respond(401, { Message: 'Your session has expired. Please sign in again.' });
    const outcome = await callApi('getAccountInfo', {});
    expect(outcome.result).toBe(false);
    expect(document.cookie).not.toContain(SESSION_COOKIE);
    expect(assign).toHaveBeenCalledWith('/login?session=expired');
  });

  it('sends no Authorization header without a session', async () => {
    document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
    respond(200, { token: 't', isNew: false });
    await callApi('authDomain', { id: 'login-token' });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });
});

describe('callApi, quiet (a call made ahead of its page)', () => {
  it('shows no toast for a server error, a network failure or a broken answer', async () => {
    respond(500, { Message: 'internal' });
    expect(await callApi('getAccountInfo', {}, { quiet: true })).toMatchObject({
      result: false,
      status: 500,
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await callApi('getAccountInfo', {}, { quiet: true })).result).toBe(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { isEnabled: 'yes' });
    expect((await callApi('getExtensionEnabned', {}, { quiet: true })).result).toBe(false);
    expect(toastTexts()).toEqual([]);
  });

  it('still ends the session on 401', async () => {
    respond(401, { Message: 'expired' });
    await callApi('getAccountInfo', {}, { quiet: true });
    expect(document.cookie).not.toContain(SESSION_COOKIE);
    expect(assign).toHaveBeenCalledWith('/login?session=expired');
  });

  it('leaves for /login once when the calls a page started together all get 401', async () => {
    respond(401, { Message: 'expired' });
    respond(401, { Message: 'expired' });
    await Promise.all([
      callApi('getAccountInfo', {}, { quiet: true }),
      callApi('getCountryBlocker', {}, { quiet: true }),
    ]);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('authedFetch (the downloads)', () => {
  it('sends the bearer token and hands back the response for the caller to read', async () => {
    fetchMock.mockResolvedValueOnce(new Response('ip,note\n192.0.2.1,x\n', { status: 200 }));
    const outcome = await authedFetch('/api/ipBlocker/export', {
      headers: { Accept: 'text/csv' },
    });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(await outcome.response.text()).toBe('ip,note\n192.0.2.1,x\n');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('bearer tok-123');
    expect(headers.get('Accept')).toBe('text/csv');
  });

  it('logs out on 401 without a toast', async () => {
    respond(401, { Message: 'Your session has expired. Please sign in again.' });
    const outcome = await authedFetch('/api/visitors/export');
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    expect(document.cookie).not.toContain(SESSION_COOKIE);
    expect(assign).toHaveBeenCalledWith('/login?session=expired');
    expect(toastTexts()).toEqual([]);
  });

  it('leaves a status the caller answers itself (the Upgrade dialog) without a toast', async () => {
    respond(403, { Message: 'Your plan has no CSV export.' });
    const outcome = await authedFetch('/api/visitors/export', {}, { quietStatuses: [403] });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
    expect(toastTexts()).toEqual([]);
  });

  it("toasts the server's Message on 400 and the generic text on 500", async () => {
    respond(400, { Message: 'The date range is not valid.' });
    await authedFetch('/api/visitors/export');
    expect(toastTexts()).toEqual(['The date range is not valid.']);
    respond(500, { Message: 'internal' });
    await authedFetch('/api/visitors/export');
    expect(toastTexts()).toEqual(['Failed, Please try again.']);
  });

  it('shows nothing when the caller aborted the download', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const outcome = await authedFetch('/api/visitors/export', { signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, aborted: true });
    expect(toastTexts()).toEqual([]);
  });

  it('toasts the generic text when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const outcome = await authedFetch('/api/ipBlocker/export');
    expect(outcome.ok).toBe(false);
    expect(toastTexts()).toEqual(['Failed, Please try again.']);
  });
});
