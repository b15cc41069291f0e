import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, showErrorToast, showToast } from './toast-store.js';

describe('toasts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const toast of getToasts()) dismissToast(toast.id);
  });

  it("inside the Shopify admin shows the admin's own toast and none of the page's", () => {
    const show = vi.fn();
    vi.stubGlobal('window', { shopify: { idToken: () => Promise.resolve('t'), toast: { show } } });
    showToast('Settings saved');
    showErrorToast('Failed, Please try again.');
    expect(show.mock.calls).toEqual([
      ['Settings saved', { isError: false, duration: 3000 }],
      ['Failed, Please try again.', { isError: true, duration: 3000 }],
    ]);
    expect(getToasts()).toEqual([]);
  });

  it('shows one toast at a time: a new one replaces the one on screen', () => {
    showToast('Deleted 1 entry');
    showToast('Deleted 2 entries');
    showErrorToast('Failed, Please try again.');
    expect(getToasts().map((t) => [t.content, t.error])).toEqual([
      ['Failed, Please try again.', true],
    ]);
  });

  it('gives every toast a new id, so a repeated message shows for its full time again', () => {
    showToast('Settings saved');
    const first = getToasts()[0]?.id;
    showToast('Settings saved');
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.id).not.toBe(first);
  });

  it('dismissing an older toast leaves the one on screen', () => {
    showToast('first');
    const old = getToasts()[0]?.id ?? 0;
    showToast('second');
    dismissToast(old);
    expect(getToasts().map((t) => t.content)).toEqual(['second']);
  });
});
