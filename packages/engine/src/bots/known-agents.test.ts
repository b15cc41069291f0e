import { describe, expect, it } from 'vitest';
import { buildKnownAgents } from './known-agents.js';

describe('the known agents', () => {
  it('names an operator only where the table does; the package’s page is a reference', () => {
    const agents = buildKnownAgents(
      [{ category: 'ai-crawlers', match: 'contains', agent: 'GPTBot', owner: 'OpenAI', why: 'x' }],
      [
        {
          pattern: 'Friendica',
          url: 'https://www.hoyer.xyz/friendica',
          instances: ["Friendica 'Dillon Elderberry' 2023.05; https://example.social"],
          tags: ['social-preview'],
        },
      ],
    );
    expect(agents.map(({ name, owner, reference }) => ({ name, owner, reference }))).toEqual([
      { name: 'GPTBot', owner: 'OpenAI', reference: '' },
      { name: 'Friendica', owner: '', reference: 'hoyer.xyz' },
    ]);
  });
});
