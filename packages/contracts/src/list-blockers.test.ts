// The lists of every plan feature, dashboard count and visitor-log quick action take each list
// blocker's own from its manifest, so a new list blocker is never left out of them.
import { describe, expect, it } from 'vitest';
import { dashboardCounters, dashboardDataCounters, listBlockerCounter } from './account.js';
import type { ListBlockerManifest } from './list-blocker.js';
import { firewallListBlockers, listBlockerApi, listBlockers } from './list-blockers.js';
import { features, listBlockerFeature, plans } from './plans.js';
import { quickActions } from './visitor-logs.js';

describe('the lists read from the list blockers’ manifests', () => {
  it('finds each blocker’s manifest and calls in its module, on its side, in the merchant’s order', () => {
    expect(listBlockers.map((mf) => mf.name)).toEqual(['referrer-blocker', 'asn-blocker']);
    expect(firewallListBlockers.map((mf) => mf.name)).toEqual([
      'fw-referrer-blocker',
      'fw-asn-blocker',
    ]);
    const all: ListBlockerManifest[] = [...listBlockers, ...firewallListBlockers];
    const named = new Set<string>();
    for (const mf of all) {
      const calls = [...Object.values(mf.calls), mf.csv?.importPreview, mf.csv?.importCommit];
      for (const call of calls.filter((c) => c !== undefined)) {
        expect(listBlockerApi, `${mf.name}: ${call}`).toHaveProperty(call);
        named.add(call);
      }
    }
    // A module's calls that no manifest names (its manifest left out, or exported under
    // another name) would be served by no list blocker.
    expect(Object.keys(listBlockerApi).filter((call) => !named.has(call))).toEqual([]);
  });

  it.each(listBlockers.map((mf) => [mf.name, mf] as const))(
    '%s: its plan feature, its dashboard count and its quick action are listed',
    (_name, mf) => {
      if (mf.feature !== null) {
        expect(features).toContain(mf.feature);
        // A list blocker is a paid feature: Free's six are the storefront's basics.
        expect(plans.free.features).not.toContain(mf.feature);
        expect(plans.premium.features).toContain(mf.feature);
      }
      if (mf.dashboardCounter) expect(dashboardCounters).toContain(mf.dashboardCounter);
      if (mf.quickAction) expect(quickActions).toContain(mf.quickAction);
    },
  );

  it('names each feature, count and quick action once', () => {
    for (const list of [features, dashboardCounters, quickActions])
      expect(new Set(list).size).toBe(list.length);
  });

  it('keeps the dashboard data’s own counts first, in their order', () => {
    expect(dashboardCounters.slice(0, dashboardDataCounters.length)).toEqual(dashboardDataCounters);
  });

  it('refuses a manifest whose feature or count is not in the list, naming the manifest', () => {
    const mf = { name: 'made-up-blocker', feature: 'madeUp', dashboardCounter: 'madeUpBlocked' };
    expect(() => listBlockerFeature(mf)).toThrow('made-up-blocker names no plan feature: madeUp');
    expect(() => listBlockerCounter(mf)).toThrow(
      'made-up-blocker names no dashboard count: madeUpBlocked',
    );
    expect(listBlockerFeature({ ...mf, feature: 'referrerBlocker' })).toBe('referrerBlocker');
    expect(listBlockerFeature({ ...mf, feature: null })).toBeNull();
    expect(listBlockerCounter({ name: 'x' })).toBeUndefined();
  });
});
