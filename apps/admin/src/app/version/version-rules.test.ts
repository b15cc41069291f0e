// The version banner's rule: show only when the server names a different deployed build.
import { describe, expect, it } from 'vitest';
import { buildIdOf } from '../../../admin-version-plugin.js';
import { deployedVersionOf, isOutdated } from './version-rules.js';

describe('version banner rule', () => {
  it('flags a different deployed build', () => {
    expect(isOutdated('aaaa', 'bbbb')).toBe(true);
  });
  it('stays quiet for the same build', () => {
    expect(isOutdated('aaaa', 'aaaa')).toBe(false);
  });
  it.each([null, undefined, ''])('stays quiet when the deployed build is unknown (%j)', (id) => {
    expect(isOutdated('aaaa', id)).toBe(false);
  });
  it('reads the version from the server answer', () => {
    expect(deployedVersionOf({ version: 'abc' })).toBe('abc');
    expect(deployedVersionOf({ version: 3 })).toBeNull();
    expect(deployedVersionOf('<html>')).toBeNull();
  });
});

describe('build id', () => {
  it('is the same for the same chunks in any order and differs when a chunk changes', () => {
    const a = buildIdOf(['assets/index-1.js', 'assets/react-2.js']);
    expect(buildIdOf(['assets/react-2.js', 'assets/index-1.js'])).toBe(a);
    expect(buildIdOf(['assets/index-9.js', 'assets/react-2.js'])).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });
});
