// The page shell of the emulator's admin-side pages (consent, store admin, theme editor,
// errors): a Shopify-admin-like frame with inline CSS and no external assets, plus a
// footer that says plainly this is the local platform emulator.
import { html, raw, type SafeHtml } from '@gatehouse/html';

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"San Francisco","Segoe UI",Roboto,"Helvetica Neue",sans-serif;font-size:14px;line-height:20px;color:#303030;background:#f1f1f1}
a{color:#005bd3;text-decoration:none}a:hover{text-decoration:underline}
.topbar{height:56px;background:#1a1a1a;color:#e3e3e3;display:flex;align-items:center;justify-content:space-between;padding:0 16px}
.brand{display:flex;align-items:center;gap:8px;font-weight:650;color:#fff}
.brand svg{width:28px;height:28px}
.shop-chip{display:flex;align-items:center;gap:8px;background:#303030;border-radius:8px;padding:4px 10px 4px 4px;color:#e3e3e3}
.avatar{width:28px;height:28px;border-radius:6px;background:#36a6a0;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:650;font-size:12px}
main{max-width:760px;margin:32px auto;padding:0 16px}
main.wide{max-width:1200px}
h1{font-size:20px;line-height:28px;font-weight:650;margin:0 0 16px}
h2{font-size:14px;font-weight:650;margin:0 0 8px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 0 rgba(26,26,26,.07),0 0 0 1px rgba(26,26,26,.08);padding:16px;margin-bottom:16px}
.muted{color:#616161}
.row{display:flex;align-items:center;justify-content:space-between;gap:12px}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:32px;padding:6px 14px;border-radius:8px;border:0;font:inherit;font-weight:550;cursor:pointer;background:#fff;color:#303030;box-shadow:inset 0 -1px 0 #b5b5b5,0 0 0 1px rgba(0,0,0,.1)}
.btn.primary{background:#303030;color:#fff;box-shadow:inset 0 -1px 0 #000}
.btn.critical{background:#c70a24;color:#fff;box-shadow:inset 0 -1px 0 #8e0b21}
.btn:hover{filter:brightness(.95);text-decoration:none}
.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:16px}
ul.plain{list-style:none;margin:0;padding:0}
ul.plain li{padding:8px 0;border-top:1px solid #ebebeb}
ul.plain li:first-child{border-top:0}
.banner{border-radius:12px;padding:12px 16px;margin-bottom:16px;font-weight:550}
.banner.info{background:#eaf4ff;color:#00527c}
.banner.success{background:#cdfee1;color:#0c5132}
.banner.critical{background:#fee9e8;color:#8e0b21}
.badge{display:inline-block;border-radius:8px;padding:2px 8px;font-size:12px;background:#ebebeb}
.badge.success{background:#affebf;color:#014b40}
.badge.warning{background:#ffd6a4;color:#5e4200}
.badge.critical{background:#fedad9;color:#8e0b21}
table.list{width:100%;border-collapse:collapse}
table.list th,table.list td{text-align:left;padding:8px;border-top:1px solid #ebebeb;vertical-align:top}
table.list th{border-top:0;color:#616161;font-weight:550}
footer{text-align:center;color:#8a8a8a;font-size:12px;margin:32px 0}
`;

const LOGO = html`<svg viewBox="0 0 32 32" aria-hidden="true">
  <rect width="32" height="32" rx="7" fill="#95bf47" />
  <path
    d="M10 12c0-3 2.5-5 6-5s6 2 6 5v2h1.5a1 1 0 0 1 1 1.1l-1 10a1 1 0 0 1-1 .9h-13a1 1 0 0 1-1-.9l-1-10A1 1 0 0 1 8.5 14H10zm2 2h8v-2c0-2-1.6-3-4-3s-4 1-4 3z"
    fill="#fff"
  />
</svg>`;

/** The head of every emulator page: charset first, viewport, title and inline styles. */
export function documentHead(title: string, styles: string): SafeHtml {
  return html`<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      ${raw(styles)}
    </style>`;
}

export interface AdminPageOptions {
  title: string;
  shopName?: string;
  wide?: boolean;
  body: SafeHtml;
}

export function adminPage(options: AdminPageOptions): string {
  const initials = (options.shopName ?? '')
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return html`<!doctype html>
    <html lang="en">
      <head>
        ${documentHead(options.title, STYLES)}
      </head>
      <body>
        <header class="topbar">
          <div class="brand">${LOGO}<span>Shopify</span></div>
          ${options.shopName ? html`<div class="shop-chip"><span class="avatar">${initials}</span>${options.shopName}</div>` : ''}
        </header>
        <main class="${options.wide ? 'wide' : ''}">${options.body}</main>
        <footer>
          Local platform emulator: a stand-in for Shopify used in development and tests.
        </footer>
      </body>
    </html>`.value;
}

/** Shopify's plain OAuth error page: "Oauth error invalid_request: …". */
export function oauthErrorPage(error: string, description: string): string {
  return adminPage({
    title: 'Oauth error',
    body: html`<div class="card">
      <h1>Oauth error ${error}: ${description}</h1>
      <p class="muted">The app sent an authorization request the platform cannot accept.</p>
    </div>`,
  });
}
