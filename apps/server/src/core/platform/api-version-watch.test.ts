import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiVersionWatch } from './api-version-watch.js';

function capturedLog() {
  const lines: { level: number; msg: string; answeredApiVersion?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

describe('the API version watch', () => {
  it('stays quiet while Shopify answers the version asked, or says none', () => {
    const { log, lines } = capturedLog();
    const watch = createApiVersionWatch('2026-10', log);
    watch.observe('2026-10');
    watch.observe(undefined);
    expect(watch.difference()).toBeNull();
    expect(watch.describe()).toBe('2026-10');
    expect(lines).toEqual([]);
  });

  it('warns once per version answered, however many answers say it', () => {
    const { log, lines } = capturedLog();
    const watch = createApiVersionWatch('2025-10', log);
    for (let i = 0; i < 5; i++) watch.observe('2026-01');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'Shopify answered API version 2026-01 for requests made with 2025-10',
      answeredApiVersion: '2026-01',
    });
    expect(watch.describe()).toMatch(
      /^Shopify answered API version 2026-01 for requests made with 2025-10 \(since \d{4}-/,
    );
    watch.observe('2026-04');
    watch.observe('2026-04');
    expect(lines).toHaveLength(2);
    expect(watch.difference()).toMatchObject({ asked: '2025-10', answered: '2026-04' });
  });
});
