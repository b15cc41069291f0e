// The categories judged against real browsers' user agents they were not built from: the
// user-agents package's sample of real traffic (phones, tablets and desktops, in-app browsers
// among them). No category may catch any of them, "other bots" included, and none may pass
// for a good bot or claim a crawler.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentCategories } from './agent-categories.js';

interface Sample {
  userAgent: string;
  deviceCategory: string;
}

const file = join(
  dirname(createRequire(import.meta.url).resolve('user-agents')),
  'user-agents.json',
);
const samples = JSON.parse(readFileSync(file, 'utf8')) as Sample[];
const browsers = [...new Set(samples.map((s) => s.userAgent))];

describe('a held-out corpus of real browsers', () => {
  it('holds hundreds of distinct phones, tablets and desktops', () => {
    expect(browsers.length).toBeGreaterThan(500);
    const kinds = new Set(samples.map((s) => s.deviceCategory));
    expect(kinds).toEqual(new Set(['mobile', 'desktop', 'tablet']));
  });

  it('is never caught by a category, taken for a good bot or a crawler: 100%', () => {
    const caught = browsers.filter((ua) => {
      const found = agentCategories(ua);
      return found.bits !== 0 || found.goodBot !== null || found.crawler !== null;
    });
    const share = (browsers.length - caught.length) / browsers.length;
    console.info(
      `held-out browsers never caught: ${browsers.length - caught.length} of ${browsers.length} (${(share * 100).toFixed(2)}%)`,
    );
    expect(caught).toEqual([]);
  });
});
