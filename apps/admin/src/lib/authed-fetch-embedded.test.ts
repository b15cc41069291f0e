// Inside the Shopify admin: every call carries a fresh session token from App Bridge (no
// cookie), a refused token is tried once more with a new one, and a second refusal is told in
// the admin's toast without leaving for a sign-in page that does not exist there.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './api-client.js';
import { EMBEDDED_SESSION_MESSAGE } from './authed-fetch.js';
import { isLoggedIn } from './session.js';

const assign = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const toast = vi.fn();
let minted = 0;
const idToken = vi.fn(async () => `token-${++minted}`);

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function authorizations(): string[] {
  return fetchMock.mock.calls.map(
    ([, init]) => (init?.headers as Record<string, string>).Authorization ?? '',
  );
}

beforeEach(() => {
  minted = 0;
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('window', {
    location: { protocol: 'https:', assign },
    shopify: { idToken, toast: { show: toast } },
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  assign.mockReset();
  toast.mockReset();
  idToken.mockClear();
  vi.unstubAllGlobals();
});

describe('embedded calls', () => {
  it('is signed in without a cookie and sends a fresh session token on every call', async () => {
    expect(isLoggedIn()).toBe(true);
    respond(200, true);
    respond(200, true);
    await callApi('setExtensionEnabled', {});
    await callApi('setExtensionEnabled', {});
    expect(authorizations()).toEqual(['bearer token-1', 'bearer token-2']);
  });

  it('asks once more with a new token after a 401, and the call succeeds', async () => {
    respond(401, { Message: 'Your session has expired. Please sign in again.' });
    respond(200, true);
    const outcome = await callApi('setExtensionEnabled', {});
    expect(outcome).toEqual({ result: true, data: true });
    expect(authorizations()).toEqual(['bearer token-1', 'bearer token-2']);
    expect(assign).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it("tells a second refusal in the admin's toast and stays on the page", async () => {
    respond(401, { Message: 'x' });
    respond(401, { Message: 'x' });
    const outcome = await callApi('setExtensionEnabled', {});
    expect(outcome).toMatchObject({ result: false, status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledWith(EMBEDDED_SESSION_MESSAGE, {
      isError: true,
      duration: 3000,
    });
    expect(assign).not.toHaveBeenCalled();
  });
});
