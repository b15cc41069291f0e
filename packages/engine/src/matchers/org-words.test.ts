import { describe, expect, it } from 'vitest';
import { buildPhraseIndex, forEachMatch, normalizeIspName } from './org-words.js';

function matches(names: string[], org: string): number[] {
  const index = buildPhraseIndex(
    names.map((name, rule) => ({ normalized: normalizeIspName(name)!, rule })),
  );
  const hits: number[] = [];
  forEachMatch(index, org, (rule) => hits.push(rule));
  return hits;
}

describe('normalizeIspName', () => {
  it('folds case and turns punctuation runs into single spaces', () => {
    expect(normalizeIspName('  Hetzner   Online GmbH ')).toBe('hetzner online gmbh');
    expect(normalizeIspName('Amazon.com, Inc.')).toBe('amazon com inc');
    expect(normalizeIspName('AT&T')).toBe('at t');
    expect(normalizeIspName('TELEFÓNICA de España')).toBe('telefónica de españa');
  });

  it('has no form for a name without letters or digits', () => {
    expect(normalizeIspName('')).toBeNull();
    expect(normalizeIspName(' - & . ')).toBeNull();
  });
});

describe('ISP names against an organisation', () => {
  it('matches whole words whatever the case', () => {
    expect(matches(['hetzner'], 'Hetzner Online GmbH')).toEqual([0]);
    expect(matches(['GMBH'], 'Hetzner Online GmbH')).toEqual([0]);
    expect(matches(['Online'], 'Hetzner Online GmbH')).toEqual([0]);
  });

  it('matches several words only in a row', () => {
    expect(matches(['Hetzner Online'], 'Hetzner Online GmbH')).toEqual([0]);
    expect(matches(['Online GmbH'], 'Hetzner Online GmbH')).toEqual([0]);
    expect(matches(['Hetzner GmbH'], 'Hetzner Online GmbH')).toEqual([]);
    expect(matches(['Online Hetzner'], 'Hetzner Online GmbH')).toEqual([]);
  });

  it('never matches part of a word', () => {
    expect(matches(['OVH'], 'GOVHOST Ltd')).toEqual([]);
    expect(matches(['Goog'], 'Google LLC')).toEqual([]);
    expect(matches(['Google LL'], 'Google LLC')).toEqual([]);
    expect(matches(['LLC Extra'], 'Google LLC')).toEqual([]);
  });

  it('ignores punctuation between and around words', () => {
    expect(matches(['digitalocean'], 'DIGITALOCEAN-ASN')).toEqual([0]);
    expect(matches(['DigitalOcean LLC'], 'DigitalOcean, LLC')).toEqual([0]);
    expect(matches(['Amazon com'], 'Amazon.com, Inc.')).toEqual([0]);
    expect(matches(['AT&T'], 'AT&T Services, Inc.')).toEqual([0]);
    expect(matches(['Cloudflare, Inc.'], '"Cloudflare Inc"')).toEqual([0]);
  });

  it('folds letters outside ASCII too', () => {
    expect(matches(['telefónica'], 'TELEFÓNICA DE ESPAÑA S.A.U.')).toEqual([0]);
    expect(matches(['españa'], 'TELEFÓNICA DE ESPAÑA')).toEqual([0]);
  });

  it('reports every listed name found, with names sharing a first word', () => {
    expect(matches(['Google', 'Google Cloud', 'Google LLC', 'Amazon'], 'Google LLC')).toEqual([
      0, 2,
    ]);
  });

  it('finds nothing in an empty or separator-only organisation', () => {
    expect(matches(['x'], '')).toEqual([]);
    expect(matches(['x'], ' ,.- ')).toEqual([]);
  });
});
