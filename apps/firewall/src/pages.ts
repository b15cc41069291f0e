// The pages the firewall answers itself: the merchant's block page (403), the rate limit's
// challenge and refusal (429), and the errors of a request it cannot read (400), a domain it
// does not serve (421), a request that came round in a loop (508), and an origin that does not
// answer or may not be reached (502). Every value is escaped; nothing from the store is shown.
import type { BlockPage } from '@gatehouse/contracts';
import { html, raw, type SafeHtml } from '@gatehouse/html';

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = (value: string, fallback: string) => (COLOUR.test(value) ? value : fallback);

function page(title: string, body: SafeHtml, style = ''): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body { margin: 0; min-height: 100vh; display: flex; align-items: center;
            justify-content: center; font-family: system-ui, sans-serif; text-align: center; ${style} }
          main { max-width: 36rem; padding: 2rem; }
          img { max-width: 12rem; max-height: 6rem; }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.toString();
}

export function renderBlockPage(blockPage: BlockPage): string {
  const background = colour(blockPage.backgroundColor, '#ffffff');
  const text = colour(blockPage.textColor, '#000000');
  const logo =
    blockPage.logoUrl && blockPage.logoUrl.startsWith('https://')
      ? html`<img src="${blockPage.logoUrl}" alt="" />`
      : null;
  return page(
    blockPage.title,
    html`${logo}
      <h1>${blockPage.title}</h1>
      <p>${blockPage.message}</p>`,
    `background: ${background}; color: ${text};`,
  );
}

/**
 * The browser sets the pass cookie and reloads; clients that run no script stay limited. The
 * pass is the firewall's own token (letters, digits, dots, dashes), safe inside the script.
 */
export function renderChallenge(pass: string, maxAgeSeconds: number): string {
  const cookie = `gh_fw_pass=${pass}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
  return page(
    'Checking your browser',
    html`<h1>Checking your browser…</h1>
      <p>This takes a moment. The page reloads by itself.</p>
      <noscript><p>Turn on JavaScript to continue.</p></noscript>
      <script>
        document.cookie = ${raw(JSON.stringify(cookie))};
        setTimeout(function () {
          location.reload();
        }, 300);
      </script>`,
  );
}

export const TOO_MANY = page(
  'Too many requests',
  html`<h1>Too many requests</h1>
    <p>Please wait a little and try again.</p>`,
);

export const NOT_SERVED = page(
  'Unknown domain',
  html`<h1>This domain is not served here</h1>
    <p>The store's firewall does not know this domain.</p>`,
);

export const ORIGIN_DOWN = page(
  'Store unavailable',
  html`<h1>The store is not answering</h1>
    <p>Please try again in a moment.</p>`,
);

export const ORIGIN_REFUSED = page(
  'Store unavailable',
  html`<h1>The store cannot be reached through this firewall</h1>
    <p>
      Its address is not a public one. The store's owner can correct it in the firewall's settings.
    </p>`,
);

export const BAD_REQUEST = page(
  'Bad request',
  html`<h1>This request cannot be read</h1>
    <p>It names its host more than once, or two different hosts.</p>`,
);

export const LOOP = page(
  'Loop detected',
  html`<h1>This request went round in a loop</h1>
    <p>
      The store's address leads back to its firewall. The store's owner can correct it in the
      firewall's settings.
    </p>`,
);
