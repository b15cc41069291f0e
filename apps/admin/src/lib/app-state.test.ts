// Account info loads for a session, except on the paths that start one, and starts with the app
// as the provider's own query; the extension counts as enabled unless the server says 0 or false.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@gatehouse/contracts';
import { extensionEnabledFrom, loadsAccountInfo, prefetchAccount } from './app-state.js';
import { queryClient } from './query-client.js';

describe('loadsAccountInfo', () => {
  it.each([
    ['/dashboard', true, true],
    ['/subscription', true, true],
    ['/dashboard', false, false],
    ['/loginComplete/abc', true, false],
    ['/LOGINCOMPLETE/abc', true, false],
    ['/personate/abc', true, false],
    ['/login', true, true],
  ])('path %s, logged in %s → %s', (path, loggedIn, expected) => {
    expect(loadsAccountInfo(path, loggedIn)).toBe(expected);
  });
});

describe('prefetchAccount', () => {
  const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
  const signedIn = (cookie: string) => {
    vi.stubGlobal('document', { cookie });
    vi.stubGlobal('window', { location: { protocol: 'http:', assign: vi.fn() } });
    vi.stubGlobal('fetch', fetchMock);
  };
  afterEach(() => {
    queryClient.clear();
    fetchMock.mockClear();
    vi.unstubAllGlobals();
  });

  it("starts the provider's account and app embed queries together, under way when the provider mounts", () => {
    signedIn(`${SESSION_COOKIE}=tok-1`);
    prefetchAccount('/dashboard');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/account/getAccountInfo',
      '/api/account/getExtensionEnabned',
    ]);
    expect(queryClient.getQueryState(['getAccountInfo', {}])?.fetchStatus).toBe('fetching');
    expect(queryClient.getQueryState(['getExtensionEnabned', {}])?.fetchStatus).toBe('fetching');
  });

  it('asks nothing without a session, or on a path that starts one', () => {
    signedIn('');
    prefetchAccount('/dashboard');
    signedIn(`${SESSION_COOKIE}=tok-1`);
    prefetchAccount('/personate/abc');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('extension status', () => {
  it.each([
    [false, false],
    [0, false],
    [true, true],
    [1, true],
    [undefined, true],
    [null, true],
  ])('isEnabled %j makes isExtensionEnabled %s', (value, expected) => {
    expect(extensionEnabledFrom(value)).toBe(expected);
  });
});
