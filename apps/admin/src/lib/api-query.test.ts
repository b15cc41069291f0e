// Calls asked for ahead of their page: the answer becomes the page's data unless the page
// already has some, a page asking meanwhile shares the call, a failure stays silent and
// leaves the page to ask again, and report it, and a call the account's last known plan would
// be refused is not asked early.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@gatehouse/contracts';
import { apiQueryOptions, prefetchApiQuery } from './api-query.js';
import { writeLastPlan } from './local-flags.js';
import { queryClient } from './query-client.js';
import { dismissToast, getToasts } from './toast-store.js';

const fetchMock = vi.fn<typeof fetch>();
const KEY = ['checkEmptyWhiteLists', {}];

function respond(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

/** This browser's local storage: where the account's last known plan is kept. */
let stored: Map<string, string>;

beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('document', { cookie: `${SESSION_COOKIE}=tok-1` });
  vi.stubGlobal('window', {
    location: { protocol: 'http:', assign: vi.fn() },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  queryClient.clear();
  for (const toast of getToasts()) dismissToast(toast.id);
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('prefetchApiQuery', () => {
  it("stores the answer under the key the page's hook reads", async () => {
    respond(200, true);
    await prefetchApiQuery('checkEmptyWhiteLists', {});
    expect(queryClient.getQueryData(KEY)).toBe(true);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/dashboard/checkEmptyWhiteLists');
  });

  it('leaves data the page already has', async () => {
    queryClient.setQueryData(KEY, false);
    respond(200, true);
    await prefetchApiQuery('checkEmptyWhiteLists', {});
    expect(queryClient.getQueryData(KEY)).toBe(false);
  });

  it('stores nothing and shows no toast when the call fails', async () => {
    respond(500, { Message: 'internal' });
    await prefetchApiQuery('checkEmptyWhiteLists', {});
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
    expect(getToasts()).toEqual([]);

    respond(500, { Message: 'internal' });
    await expect(
      queryClient.fetchQuery(apiQueryOptions('checkEmptyWhiteLists', {})),
    ).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToasts()).toHaveLength(1);
  });

  it("does not ask early for a feature the account's last known plan lacks", async () => {
    const page = { entries: [], next: null, tail: '1' };
    writeLastPlan('free');
    expect(await prefetchApiQuery('getFirewallAccessLog', {})).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    // Calls open on every plan are still asked early.
    respond(200, true);
    await prefetchApiQuery('checkEmptyWhiteLists', {});
    expect(fetchMock).toHaveBeenCalledTimes(1);

    writeLastPlan('premium');
    respond(200, page);
    expect(await prefetchApiQuery('getFirewallAccessLog', {})).toEqual(page);
    // With no plan known yet (a first visit), the call is asked.
    stored.clear();
    queryClient.clear();
    respond(200, page);
    expect(await prefetchApiQuery('getFirewallAccessLog', {})).toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shares the call with the page's query asking while it is under way", async () => {
    respond(200, true);
    const early = prefetchApiQuery('checkEmptyWhiteLists', {});
    const page = queryClient.fetchQuery(apiQueryOptions('checkEmptyWhiteLists', {}));
    expect(await page).toBe(true);
    expect(await early).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
