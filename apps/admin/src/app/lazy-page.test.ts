// A lazily loaded page asked for ahead of its render: one load however often it is asked for,
// and a failed load asked for again.
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.js';

const Page = () => null;

describe('lazyPage', () => {
  it('loads the chunk once, however often it is preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    const first = page.preload();
    expect(page.preload()).toBe(first);
    await expect(first).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Page>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValueOnce(Page);
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toThrow('chunk missing');
    await expect(page.preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
