// The calls started as the app opens on a page are the page's own first calls, with the page's
// requests: the visitor log's first page for the filters in the address; the Country Blocker's
// settings, then the replay its cost card opens on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@gatehouse/contracts';
import { countryBlockerData } from '../features/country-blocker/api/use-country-blocker.js';
import { dashboardData } from '../features/dashboard/dashboard-data.js';
import { visitorLogData } from '../features/visitor-logs/visitor-log-data.js';
import { settingsRead } from '../lib/page-data.js';
import { queryClient } from '../lib/query-client.js';

const fetchMock = vi.fn<typeof fetch>();

/** The addresses asked for, once every call has started. */
async function asked(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return fetchMock.mock.calls.map(([url]) => String(url));
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: `${SESSION_COOKIE}=tok-1` });
  vi.stubGlobal('window', { location: { protocol: 'http:', assign: vi.fn() } });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
});

afterEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('page data', () => {
  it("asks for the visitor log's first page of 50 for the filters in the address", async () => {
    visitorLogData('?country=US&action=block');
    const [url] = await asked();
    const query = new URL(url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ country: 'US', action: 'block', limit: '50' });
  });

  it('asks nothing for a range counted from now, or for filters the server would refuse', async () => {
    visitorLogData('?range=3d');
    visitorLogData('?ip=not-an-ip');
    expect(await asked()).toEqual([]);
  });

  it("asks for the dashboard's counts, chart and whitelist check", async () => {
    dashboardData('');
    expect((await asked()).map((u) => u.split('?')[0])).toEqual([
      '/api/dashboard/getDashboardData',
      '/api/dashboard/getTimeSeries',
      '/api/dashboard/checkEmptyWhiteLists',
    ]);
  });

  it('asks for a settings read with no parameters', async () => {
    const read = settingsRead('getCountryBlocker');
    read.prefetch('');
    expect(read.call).toBe('getCountryBlocker');
    expect(await asked()).toEqual(['/api/regionBlocker/get']);
  });

  it("asks for the Country Blocker's settings, then the replay of them as saved", async () => {
    const saved = {
      mode: 'blacklist',
      countries: ['de'],
      action: { type: 'block' },
      monitor: false,
    };
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).startsWith('/api/regionBlocker/get')
          ? Response.json(saved)
          : new Promise<Response>(() => undefined),
      ),
    );
    countryBlockerData('');
    await expect.poll(() => fetchMock.mock.calls.length).toBe(2);
    const [, [url, init]] = fetchMock.mock.calls as [unknown, [string, RequestInit]];
    expect(url).toBe('/api/ruleCost/replay');
    expect(JSON.parse(String(init.body))).toEqual({
      call: 'saveCountryBlocker',
      draft: { ...saved, countries: ['DE'] },
    });
  });
});
