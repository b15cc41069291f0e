// The pages the firewall answers itself: the merchant's block page (403), the rate limit's
// challenge and refusal (429), and the errors of a request it cannot read (400), a domain it
// does not serve (421), a request that came round in a loop (508), and an origin that does not
// answer or may not be reached (502). Every value is escaped; of the store only its block page
// and contact email are shown.
import type { BlockPage } from '@gatehouse/contracts';
import { accessRequestLimits } from '@gatehouse/contracts/access-request-path';
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
          dl { margin: 1.5rem 0 0; font-size: 0.875rem; }
          dt { opacity: 0.8; }
          dd { margin: 0 0 0.5rem; overflow-wrap: anywhere; }
          a { color: inherit; }
          form { margin: 1.5rem auto 0; max-width: 24rem; text-align: left; display: grid; gap: 0.75rem; }
          form h2 { font-size: 1.125rem; margin: 0; }
          input, textarea { display: block; width: 100%; box-sizing: border-box; margin-top: 0.25rem;
            font: inherit; padding: 0.5rem; border: 1px solid currentColor; border-radius: 6px;
            background: transparent; color: inherit; }
          button { font: inherit; padding: 0.6rem 1rem; border-radius: 6px; cursor: pointer;
            border: 1px solid currentColor; background: transparent; color: inherit; }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.toString();
}

/** Stands where the visit's reference goes; escaped text can never hold it. */
const REFERENCE_SLOT = '<!--reference-->';

/** The shopper's email to the store has the reference in its subject. */
const mailto = (email: string) =>
  `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=Blocked%20visit%20`;

/** Where a blocked shopper's request for access goes: the app's public call, for this store. */
export interface AccessRequestTarget {
  url: string;
  shop: string;
}

/** A value in the page's script: JSON that cannot close the script element. */
const scriptValue = (value: string) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));

/**
 * The "Request access" form: the shopper's email and why, sent with the visit's reference to
 * the app from the shopper's own browser (so the app sees the address the reference was made
 * for), and the app's answer shown as it comes; 10 s at most.
 */
function accessForm(target: AccessRequestTarget) {
  return html`<form id="gh-access" data-reference="${raw(REFERENCE_SLOT)}">
      <h2>Request access</h2>
      <label
        >Your email<input
          type="email"
          name="email"
          autocomplete="email"
          required
          maxlength="${String(accessRequestLimits.email)}"
      /></label>
      <label
        >Why you need access<textarea
          name="message"
          rows="3"
          required
          maxlength="${String(accessRequestLimits.message)}"
        ></textarea>
      </label>
      <button type="submit">Send request</button>
      <p role="status"></p>
    </form>
    <script>
      (function () {
        var form = document.getElementById('gh-access');
        var status = form.querySelector('[role=status]');
        var button = form.querySelector('button');
        var failed =
          'Your request could not be sent just now. Please try again in a minute, or write to the store.';
        form.addEventListener('submit', function (event) {
          event.preventDefault();
          button.disabled = true;
          status.textContent = 'Sending…';
          var controller = new AbortController();
          var timer = setTimeout(function () {
            controller.abort();
          }, 10000);
          fetch(${scriptValue(target.url)}, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              shop: ${scriptValue(target.shop)},
              reference: form.dataset.reference,
              email: form.elements.email.value,
              message: form.elements.message.value,
            }),
            signal: controller.signal,
          })
            .then(function (response) {
              return response.json();
            })
            .then(function (body) {
              status.textContent = body.message || body.Message || failed;
            })
            .catch(function () {
              status.textContent = failed;
            })
            .then(function () {
              clearTimeout(timer);
              button.disabled = false;
            });
        });
      })();
    </script>`;
}

/** The shop's block page for one reason, cut where the reference goes. */
function blockPageParts(
  blockPage: BlockPage,
  contactEmail: string,
  reason: string,
  access: AccessRequestTarget | null,
): string[] {
  const background = colour(blockPage.backgroundColor, '#ffffff');
  const text = colour(blockPage.textColor, '#000000');
  const logo =
    blockPage.logoUrl && blockPage.logoUrl.startsWith('https://')
      ? html`<img src="${blockPage.logoUrl}" alt="" />`
      : null;
  const contact = contactEmail
    ? html`<dt>Contact the store:</dt>
        <dd><a href="${mailto(contactEmail)}${raw(REFERENCE_SLOT)}">${contactEmail}</a></dd>`
    : null;
  return page(
    blockPage.title,
    html`${logo}
      <h1>${blockPage.title}</h1>
      <p>${blockPage.message}</p>
      <dl>
        <dt>Reason:</dt>
        <dd>${reason}</dd>
        ${contact}
        <dt>Reference:</dt>
        <dd>${raw(REFERENCE_SLOT)} (quote it when you contact the store)</dd>
      </dl>
      ${access ? accessForm(access) : null}`,
    `background: ${background}; color: ${text};`,
  ).split(REFERENCE_SLOT);
}

/**
 * A shop's block page: the merchant's text, then why (the kind of reason only, never the rule),
 * whom to write to (when the store has a contact email), the visit's reference and, when the
 * app's address is known, the form to ask for access. The page of each reason is built once; a
 * request only puts its reference (letters, digits and a dash) in.
 */
export function blockPageRenderer(
  blockPage: BlockPage,
  contactEmail: string,
  access: AccessRequestTarget | null = null,
) {
  const byReason = new Map<string, string[]>();
  return (reason: string, reference: string): string => {
    let parts = byReason.get(reason);
    if (!parts) {
      parts = blockPageParts(blockPage, contactEmail, reason, access);
      byReason.set(reason, parts);
    }
    return parts.join(reference);
  };
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
