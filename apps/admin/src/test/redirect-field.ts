// A blocker page's redirect address, walked through as a merchant types into it.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { protectionMessages } from '@gatehouse/contracts';
import { describedBy } from './described-by.js';

/**
 * A redirect address checked by the save call's schema, walked through: a Save with the field
 * empty shows the missing-address message at it and sends nothing; from then on the message
 * follows what is typed (`bad` is refused with its own); a good address then saves once. The
 * body of that save is returned.
 */
export async function walkRedirectField(
  user: UserEvent,
  url: HTMLElement,
  saves: () => unknown[],
  bad: string,
): Promise<unknown> {
  await user.clear(url);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(describedBy(url)).toContain(protectionMessages.redirectUrl));

  await user.type(url, bad);
  await waitFor(() =>
    expect(describedBy(url)).toContain(
      `"${bad}" is not a valid redirect URL (use a full http:// or https:// address)`,
    ),
  );
  expect(saves()).toEqual([]);

  await user.clear(url);
  await user.type(url, 'https://example.com/closed');
  await waitFor(() => expect(describedBy(url)).not.toContain('not a valid'));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saves()).toHaveLength(1));
  return saves()[0];
}
