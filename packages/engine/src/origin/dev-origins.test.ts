import { describe, expect, it } from 'vitest';
import { isDevOrigin, parseDevOrigins } from './dev-origins.js';

describe('the development allowance of origins', () => {
  it('reads hosts with or without a port', () => {
    expect(parseDevOrigins(' localhost:4000, 127.0.0.1 ,[::1]:4000,')).toEqual([
      { host: 'localhost', port: 4000 },
      { host: '127.0.0.1', port: null },
      { host: '::1', port: 4000 },
    ]);
    expect(parseDevOrigins('')).toEqual([]);
  });

  it.each(['http://localhost:4000', 'localhost:0', 'localhost:70000', 'a b', 'localhost/path'])(
    'refuses %s',
    (text) => {
      expect(() => parseDevOrigins(text)).toThrow('is not a host or host:port');
    },
  );

  it('allows the listed host and port only, as written', () => {
    const list = parseDevOrigins('localhost:4000,127.0.0.1');
    expect(isDevOrigin(list, 'LOCALHOST', 4000)).toBe(true);
    expect(isDevOrigin(list, 'localhost', 4001)).toBe(false);
    expect(isDevOrigin(list, '127.0.0.1', 9)).toBe(true);
    // Another spelling of a listed address is that address; another name is not.
    expect(isDevOrigin(list, '::ffff:7f00:1', 9)).toBe(true);
    expect(isDevOrigin(list, 'rebind.example', 4000)).toBe(false);
    expect(isDevOrigin([], 'localhost', 4000)).toBe(false);
  });
});
