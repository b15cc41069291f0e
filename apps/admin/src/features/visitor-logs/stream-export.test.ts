// The visits export through the one authenticated fetch: the bearer, the rows counted while
// the body streams, the file handed to the browser, and the 401 / 403 / abort outcomes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, VISIT_EXPORT_COUNT_HEADER } from '@gatehouse/contracts';
import { dismissToast, getToasts } from '../../lib/toast-store.js';
import { streamExport } from './stream-export.js';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();
const click = vi.fn();
const links: Array<{ href: string; download: string }> = [];
let cookie = '';

beforeEach(() => {
  cookie = `${SESSION_COOKIE}=tok-9`;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { protocol: 'http:', assign } });
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
    set cookie(text: string) {
      if (text.includes('max-age=0') && text.startsWith(SESSION_COOKIE)) cookie = '';
    },
    createElement: () => {
      const link = { href: '', download: '', click, remove: vi.fn() };
      links.push(link);
      return link;
    },
    body: { appendChild: vi.fn() },
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  fetchMock.mockReset();
  assign.mockReset();
  click.mockReset();
  links.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('streamExport', () => {
  it('downloads the file the server named, counting its rows, with the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('ip,url\n192.0.2.1,/a\n192.0.2.2,/b\n', {
        status: 200,
        headers: {
          [VISIT_EXPORT_COUNT_HEADER]: '2',
          'Content-Disposition': 'attachment; filename="visits.csv"',
        },
      }),
    );
    const seen: number[] = [];
    const outcome = await streamExport(
      { action: 'blocked' },
      (progress) => seen.push(progress.bytes),
      new AbortController().signal,
    );
    expect(outcome).toEqual({ kind: 'downloaded', rows: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/visitors/export?action=blocked');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('bearer tok-9');
    expect(seen.at(-1)).toBeGreaterThan(0);
    expect(links).toMatchObject([{ href: 'blob:export', download: 'visits.csv' }]);
    expect(click).toHaveBeenCalledOnce();
  });

  it('returns the Upgrade outcome on 403 without a toast', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"Message":"plan"}', { status: 403 }));
    const outcome = await streamExport({}, () => undefined, new AbortController().signal);
    expect(outcome).toEqual({ kind: 'upgrade' });
    expect(getToasts()).toEqual([]);
  });

  it('ends the session on 401 and leaves for /login', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 }));
    const outcome = await streamExport({}, () => undefined, new AbortController().signal);
    expect(outcome).toEqual({ kind: 'failed' });
    expect(cookie).toBe('');
    expect(assign).toHaveBeenCalledWith('/login?session=expired');
  });

  it('reports a cancelled export quietly', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const outcome = await streamExport({}, () => undefined, controller.signal);
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(getToasts()).toEqual([]);
    expect(links).toEqual([]);
  });
});
