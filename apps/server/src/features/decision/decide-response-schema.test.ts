import { blockPage, decideResponse } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { decideResponseSchema } from './decide-response-schema.js';

describe('the decision answer schema', () => {
  it('has every field of the contract, so the serializer drops nothing', () => {
    expect(Object.keys(decideResponseSchema.properties).sort()).toEqual(
      Object.keys(decideResponse.shape).sort(),
    );
    expect(Object.keys(decideResponseSchema.properties.blockPage.properties).sort()).toEqual(
      Object.keys(blockPage.shape).sort(),
    );
    expect(decideResponseSchema.properties.action.enum).toEqual(
      decideResponse.shape.action.options,
    );
  });
});
