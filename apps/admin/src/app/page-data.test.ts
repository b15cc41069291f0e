// The calls started as the app opens on a page are the page's own first calls, with the page's
// requests: the visitor log's first page for the filters in the address.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@gatehouse/contracts';
import { queryClient } from '../lib/query-client.js';
import { dashboardData, settingsRead, visitorLogData } from './page-data.js';

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
    settingsRead('getCountryBlocker')('');
    expect(await asked()).toHaveLength(1);
  });
});
