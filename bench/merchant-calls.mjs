// The merchant's calls as the benches make them: one contract call through `app.inject`, and
// the whole sign-in through the platform emulator (spfLogin → consent page → Install →
// callback → authDomain) that ends with a session token.
import { api } from '@gatehouse/contracts';

/** `app` is the built server, `appUrl` its public origin (where the emulator sends the browser). */
export function merchantCalls(app, appUrl) {
  async function call(name, token, input) {
    const c = api[name];
    const response = await app.inject({
      method: c.method,
      url: c.path,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(c.method === 'GET' ? { query: input ?? {} } : { payload: input ?? {} }),
    });
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.body}`);
    return response.json();
  }

  async function signIn(shop) {
    const authorizeUrl = await call('spfLogin', null, { domain: shop });
    let consent = await fetch(authorizeUrl, { redirect: 'manual' });
    if (consent.status === 200) {
      const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
      form.set('decision', 'install');
      consent = await fetch(authorizeUrl.split('?')[0], {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }
    const callback = consent.headers.get('location') ?? '';
    if (!callback.startsWith(`${appUrl}/api/auth/callback`)) throw new Error('no OAuth callback');
    const done = await app.inject({ method: 'GET', url: callback.slice(appUrl.length) });
    const id = /\/loginComplete\/([^/?#]+)$/.exec(String(done.headers.location ?? ''))?.[1];
    if (!id) throw new Error(`OAuth callback failed: ${done.statusCode} ${done.body}`);
    return (await call('authDomain', null, { id })).token;
  }

  return { call, signIn };
}
