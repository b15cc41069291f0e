import { describe, expect, it } from 'vitest';
import { createLogThrottle } from './log-throttle.js';

describe('the warnings a visitor can cause', () => {
  it('are written once a minute per key, then say how many were left out', () => {
    let clock = 0;
    const throttle = createLogThrottle({ windowMs: 60_000, now: () => clock });
    expect(throttle.take('loop shop.example')).toEqual({ write: true, leftOut: 0 });
    for (let i = 0; i < 500; i++) expect(throttle.take('loop shop.example').write).toBe(false);
    // Another host's warning is its own.
    expect(throttle.take('loop other.example')).toEqual({ write: true, leftOut: 0 });
    clock = 60_000;
    expect(throttle.take('loop shop.example')).toEqual({ write: true, leftOut: 500 });
    expect(throttle.take('loop shop.example').write).toBe(false);
  });

  it('writes the warning with how many were left out', () => {
    let clock = 0;
    const throttle = createLogThrottle({ windowMs: 1_000, now: () => clock });
    const lines: [object, string][] = [];
    const log = { warn: (obj: object, msg: string) => lines.push([obj, msg]) };
    for (let i = 0; i < 3; i++)
      throttle.warn(log, 'down a', { host: 'a' }, 'origin did not answer');
    clock = 1_000;
    throttle.warn(log, 'down a', { host: 'a' }, 'origin did not answer');
    expect(lines).toEqual([
      [{ host: 'a', leftOut: 0 }, 'origin did not answer'],
      [{ host: 'a', leftOut: 2 }, 'origin did not answer'],
    ]);
  });
});
