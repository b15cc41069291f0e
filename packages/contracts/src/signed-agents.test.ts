import { describe, expect, it } from 'vitest';
import { signedAgentLabel, signedAgentOf } from './signed-agents.js';

describe('the signed agents the merchant reads of', () => {
  it('are named by their identity, and by their host when not listed', () => {
    expect(signedAgentLabel('chatgpt.com')).toBe('Verified: ChatGPT agent');
    expect(signedAgentLabel('Shopify.com')).toBe('Verified: your crawler signed in Shopify');
    expect(signedAgentLabel('agent.example')).toBe('Verified signed agent: agent.example');
    expect(signedAgentOf('shopify.com')?.purpose).toBe('store-crawler');
  });
});
