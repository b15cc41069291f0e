// Renders one admin page as the app does (Polaris and its frame, the one query client, a router of its own
// with a second page to leave for) over a fake server: `fetch` answers each API path with the
// test's handler and records what the page sent.
import { AppProvider, Frame } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { queryClient } from '../lib/query-client.js';

/** Answers one API call: the body to send back with 200, or a response of the test's own (or a promise of either, awaited, so a test can hold a call open). */
export type ApiHandler = (body: unknown) => unknown;

export interface SentCall {
  path: string;
  body: unknown;
}

/** A refusal as the server answers it: its sentence, its kind and each problem with its path. */
export const refusal = (Message: string, code: string, issues: unknown[] = []) =>
  Response.json({ Message, code, issues }, { status: 400 });

/** The other page of the test's router, to see a move away happen. */
export const OTHER_PAGE_TEXT = 'Another page';

export function renderPage(page: ReactNode, api: Record<string, ApiHandler>) {
  const sent: SentCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://admin.test').pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ path, body });
    const handler = api[path];
    if (!handler) return new Response(JSON.stringify({ Message: `No ${path}` }), { status: 404 });
    const answer: unknown = await handler(body);
    return answer instanceof Response ? answer : Response.json(answer);
  });
  const router = createMemoryRouter(
    [
      { path: '/page', element: page },
      { path: '/other', element: <p>{OTHER_PAGE_TEXT}</p> },
    ],
    { initialEntries: ['/page'] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProvider i18n={en}>
      <QueryClientProvider client={queryClient}>
        <Frame>
          <RouterProvider router={router} />
        </Frame>
      </QueryClientProvider>
    </AppProvider>,
  );
  /** The bodies the page sent to one API path, in order. */
  const sentTo = (apiPath: string) => sent.filter((c) => c.path === apiPath).map((c) => c.body);
  return { ...view, user, router, sent, sentTo };
}
