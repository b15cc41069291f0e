// Inside the Shopify admin the page's first calls carry the session token of the page's address
// (`id_token`) while it has time left, without waiting for App Bridge; an expired one, or one
// the server refuses, gives way to App Bridge's.
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMock = vi.fn<typeof fetch>();
const idToken = vi.fn(async () => 'from-app-bridge');

async function token(secondsLeft: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ dest: 'https://demo.myshopify.com' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now - 60 + secondsLeft)
    .setExpirationTime(now + secondsLeft)
    .sign(new TextEncoder().encode('any secret: the admin never checks it'));
}

function respond(status: number) {
  fetchMock.mockResolvedValueOnce(
    new Response(status === 200 ? 'true' : '{"Message":"x"}', {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

const authorizations = () =>
  fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization);

/** The API client of a page opened at an address with `id_token` (a fresh module state). */
async function pageAt(idTokenInAddress: string) {
  vi.stubGlobal('window', {
    location: {
      protocol: 'https:',
      search: `?shop=demo.myshopify.com&id_token=${idTokenInAddress}`,
    },
    shopify: { idToken, toast: { show: vi.fn() } },
  });
  vi.resetModules();
  return (await import('./api-client.js')).callApi;
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  idToken.mockClear();
  vi.unstubAllGlobals();
});

describe("the address's session token", () => {
  it('signs the first calls without asking App Bridge while it has time left', async () => {
    const fresh = await token(50);
    const callApi = await pageAt(fresh);
    respond(200);
    respond(200);
    await Promise.all([callApi('setExtensionEnabled', {}), callApi('setExtensionEnabled', {})]);
    expect(authorizations()).toEqual([`bearer ${fresh}`, `bearer ${fresh}`]);
    expect(idToken).not.toHaveBeenCalled();
  });

  it('is not sent once it has less than a few seconds left', async () => {
    const callApi = await pageAt(await token(5));
    respond(200);
    await callApi('setExtensionEnabled', {});
    expect(authorizations()).toEqual(['bearer from-app-bridge']);
  });

  it('is not sent when it is no token at all', async () => {
    const callApi = await pageAt('forged');
    respond(200);
    await callApi('setExtensionEnabled', {});
    expect(authorizations()).toEqual(['bearer from-app-bridge']);
  });

  it("once refused, gives way to App Bridge's for that call and every later one", async () => {
    const refused = await token(50);
    const callApi = await pageAt(refused);
    respond(401);
    respond(200);
    respond(200);
    expect(await callApi('setExtensionEnabled', {})).toEqual({ result: true, data: true });
    await callApi('setExtensionEnabled', {});
    expect(authorizations()).toEqual([
      `bearer ${refused}`,
      'bearer from-app-bridge',
      'bearer from-app-bridge',
    ]);
  });
});
