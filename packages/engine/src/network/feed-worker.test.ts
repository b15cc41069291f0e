// Feed files big enough to stall the event loop are parsed and indexed on a worker thread, with
// the same answer as in place; small ones stay in place; a refused file says why either way.
import { describe, expect, it } from 'vitest';
import { buildNetworkClassifier } from './classifier.js';
import type { CountResult, IndexResult } from './feed-work.js';
import { IN_PLACE_BYTES, runFeedWorkOffThread } from './feed-worker-client.js';
import { NETWORK_PRIVATE_RELAY } from './network-flags.js';
import { loadNetworkTable } from './network-table.js';

const log = { warn: () => {} };

/** A relay egress file of `n` /28 blocks, Apple's CSV layout. */
function relayFile(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(`172.${224 + (i >> 16)}.${(i >> 8) & 255}.${(i & 15) << 4}/28,GB,GB-EN,London,`);
  }
  return lines.join('\n') + '\n';
}

describe('feed work off the event loop', () => {
  it('indexes a big file on a thread, classifying as the file says', async () => {
    const body = relayFile(40_000);
    expect(body.length).toBeGreaterThan(IN_PLACE_BYTES);
    const { result, where } = await runFeedWorkOffThread<IndexResult>(
      { op: 'index', feeds: [{ name: 'icloud-private-relay', body }] },
      log,
    );
    expect(where).toBe('thread');
    expect(result.ranges['icloud-private-relay']).toBe(40_000);
    const classifier = buildNetworkClassifier(loadNetworkTable(), result.index);
    const words = new Uint32Array([((172 << 24) | (224 << 16) | (3 << 8) | 0x25) >>> 0, 0, 0, 0]);
    expect(classifier.classify(4, words, null, null).network).toBe(NETWORK_PRIVATE_RELAY);
  });

  it('answers a small file in place, the same way', async () => {
    const { result, where } = await runFeedWorkOffThread<CountResult>(
      { op: 'count', format: 'prefix-csv', body: relayFile(10) },
      log,
    );
    expect(where).toBe('in place');
    expect(result).toEqual({ ranges: 10 });
  });

  it('names the bad line of a big file refused on the thread', async () => {
    const body = relayFile(30_000) + 'not-an-address,GB,,,\n';
    const { result, where } = await runFeedWorkOffThread<CountResult>(
      { op: 'count', format: 'prefix-csv', body },
      log,
    );
    expect(where).toBe('thread');
    expect(result).toEqual({
      refused: 'line 30001: "not-an-address" is not an address or CIDR block',
    });
  });
});
