// The app takes each side's list blockers from list-blockers.ts by their manifests, and starts
// only when every blocker there is one a manifest names.
import { firewallListBlockers, listBlockers } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { listBlockersOf } from './app.js';
import type { Blocker } from './protection/blocker.js';

const made = (...names: string[]) => names.map((name) => ({ name }) as Blocker);

describe('the list blockers of each side', () => {
  it('are the ones list-blockers.ts makes, in the order of their manifests', () => {
    expect(listBlockersOf(listBlockers).map((b) => b.name)).toEqual(
      listBlockers.map((mf) => mf.name),
    );
    expect(listBlockersOf(firewallListBlockers).map((b) => b.name)).toEqual(
      firewallListBlockers.map((mf) => mf.name),
    );
  });

  it('refuses to start with a manifest no blocker serves', () => {
    const manifests = [{ name: 'a-blocker' }, { name: 'b-blocker' }];
    expect(() => listBlockersOf(manifests, made('a-blocker'), manifests)).toThrow(
      'list-blockers.ts has no blocker for b-blocker',
    );
  });

  it('refuses to start with a blocker no manifest names', () => {
    const manifests = [{ name: 'a-blocker' }];
    expect(() => listBlockersOf(manifests, made('a-blocker', 'c-blocker'), manifests)).toThrow(
      'list-blockers.ts has blockers no manifest names: c-blocker',
    );
  });
});
