import { describe, expect, it } from 'vitest';
import { isAppEmbedEnabled, stripLeadingComment } from './app-embed.js';

const TYPE = 'shopify://apps/gatehouse/blocks/app-embed/0b6f2a4e-7c1d-4f8a-9e3b-5d2c8a1f6e90';
const file = (blocks: unknown) =>
  `/*\n * IMPORTANT: The contents of this file are auto-generated.\n */\n${JSON.stringify({
    current: { blocks },
  })}`;

describe('app embed detection', () => {
  it('strips the comment Shopify puts before the JSON', () => {
    expect(JSON.parse(stripLeadingComment('/* hi */ {"a":1}'))).toEqual({ a: 1 });
  });

  it('is off when the embed was never enabled', () => {
    expect(isAppEmbedEnabled(file({}))).toBe(false);
    expect(isAppEmbedEnabled(file(undefined))).toBe(false);
  });

  it('is on when the entry exists and is not disabled', () => {
    expect(isAppEmbedEnabled(file({ '123': { type: TYPE, disabled: false, settings: {} } }))).toBe(
      true,
    );
    expect(isAppEmbedEnabled(file({ '123': { type: TYPE, settings: {} } }))).toBe(true);
  });

  it('is off when the entry is disabled or belongs to another block', () => {
    expect(isAppEmbedEnabled(file({ '1': { type: TYPE, disabled: true } }))).toBe(false);
    expect(
      isAppEmbedEnabled(file({ '1': { type: 'shopify://apps/other/blocks/banner/abc' } })),
    ).toBe(false);
  });

  it('is off for a file that is not JSON', () => {
    expect(isAppEmbedEnabled('/* only a comment')).toBe(false);
    expect(isAppEmbedEnabled('{not json')).toBe(false);
  });
});
