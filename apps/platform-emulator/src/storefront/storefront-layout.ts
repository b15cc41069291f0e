// The demo storefront's theme layout (a Dawn-like look): header, footer, and the places
// where app embeds are injected (`head` before </head>, `body` before </body>).
import { html, raw, type SafeHtml } from '@gatehouse/html';
import type { RenderedEmbeds } from './app-embed-render.js';
import { THEME_ASSETS_PATH, THEME_SCRIPTS, availableFonts } from './theme-assets.js';

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font-family:"Theme Body",Assistant,"Helvetica Neue",Arial,sans-serif;color:#121212;background:#fff;line-height:1.5}
a{color:inherit}
.announcement{background:#121212;color:#fff;text-align:center;font-size:13px;padding:8px;letter-spacing:.06em}
header.site{display:flex;align-items:center;justify-content:space-between;padding:20px 48px;border-bottom:1px solid #e6e6e6}
header.site .logo{font-size:24px;font-weight:700;text-decoration:none;letter-spacing:.02em}
header.site nav a{margin-left:24px;text-decoration:none;color:#4d4d4d}
header.site nav a:hover{text-decoration:underline}
.page{max-width:1200px;margin:0 auto;padding:40px 48px}
.hero{position:relative;overflow:hidden;background:linear-gradient(135deg,#2f4a3a,#5b7f5a);color:#fff;padding:96px 48px;text-align:center}
.hero-image{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.hero-text{position:relative}
.hero h1{font-size:48px;margin:0 0 12px;font-weight:500}
.hero p{font-size:18px;margin:0 0 28px;opacity:.9}
.button{display:inline-block;background:#121212;color:#fff;border:0;padding:14px 32px;font-size:15px;letter-spacing:.04em;cursor:pointer;text-decoration:none;font-family:inherit}
.button.light{background:#fff;color:#121212}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:32px}
.card-product{text-decoration:none}
.card-product svg{width:100%;height:auto;display:block}
.card-product h3{font-size:16px;font-weight:500;margin:12px 0 4px}
.price{font-size:16px}
.price s{color:#6b6b6b;margin-left:8px}
.product{display:grid;grid-template-columns:1.2fr 1fr;gap:48px}
.product svg{width:100%;height:auto}
.product h1{font-size:36px;font-weight:500;margin:0 0 8px}
.vendor{text-transform:uppercase;font-size:12px;letter-spacing:.1em;color:#6b6b6b}
label.field{display:block;margin:24px 0 8px;font-size:14px;color:#4d4d4d}
select,input[type=number]{font:inherit;padding:10px 12px;border:1px solid #8a8a8a;min-width:200px;background:#fff}
footer.site{border-top:1px solid #e6e6e6;padding:32px 48px;color:#6b6b6b;font-size:13px;display:flex;justify-content:space-between}
table.cart{width:100%;border-collapse:collapse}
table.cart td,table.cart th{padding:16px 8px;border-bottom:1px solid #e6e6e6;text-align:left}
table.cart input[type=number]{min-width:0;width:80px}
.link-button{background:none;border:0;padding:0;color:#4d4d4d;text-decoration:underline;cursor:pointer;font:inherit}
.checkout{display:grid;grid-template-columns:minmax(0,1.4fr) minmax(0,1fr);gap:48px}
.checkout h2{font-size:20px;font-weight:500;margin:32px 0 12px}
.checkout fieldset{border:0;margin:0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:12px}
.checkout fieldset .wide{grid-column:1/-1}
.checkout label{display:block;font-size:13px;color:#4d4d4d}
.checkout input[type=text],.checkout input[type=email],.checkout input[type=tel],.checkout select{width:100%;min-width:0;font:inherit;padding:10px 12px;border:1px solid #8a8a8a;border-radius:5px;background:#fff;margin-top:4px}
.checkout .error{color:#b3261e;font-size:13px;margin-top:4px}
.checkout input[aria-invalid=true]{border-color:#b3261e}
.summary{background:#f5f5f5;padding:24px;border-radius:8px;align-self:start}
.checkout label.choice{display:block;margin:8px 0;font-size:15px;color:#121212}
.checkout .billing{margin-top:12px;padding-left:24px;border-left:2px solid #e6e6e6}
.summary .row{display:flex;justify-content:space-between;gap:12px;margin:8px 0}
.summary .total{font-size:18px;font-weight:600;border-top:1px solid #dcdcdc;padding-top:12px}
.hint{background:#fff8e5;border:1px solid #f1d38b;border-radius:5px;padding:12px;font-size:13px;margin-top:12px}
.notice{background:#e8f3ec;border-radius:8px;padding:16px 20px;margin:16px 0}
.notice.cancelled{background:#fdecea}
@media (max-width:760px){header.site{padding:16px 20px}.page{padding:24px 20px}.product,.checkout{grid-template-columns:1fr}.checkout fieldset{grid-template-columns:1fr}.summary{order:-1}}
`;

export interface StorefrontPage {
  title: string;
  shopName: string;
  baseUrl: string;
  embeds: RenderedEmbeds;
  body: SafeHtml;
}

/** The theme's web fonts, the body font preloaded as a theme does. */
function fontFaces(assets: string): string {
  const fonts = availableFonts();
  const face = (file: string, weight: number) =>
    `@font-face{font-family:"Theme Body";src:url(${assets}/${file}) format("truetype");font-weight:${weight};font-display:swap}`;
  return [
    fonts.regular ? face('body-regular.ttf', 400) : '',
    fonts.bold ? face('body-bold.ttf', 700) : '',
  ].join('');
}

export function storefrontPage(page: StorefrontPage): string {
  const assets = `${page.baseUrl}${THEME_ASSETS_PATH}`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title}</title>
        <style>
          ${raw(fontFaces(assets))}${raw(STYLES)}
        </style>
        ${
          availableFonts().regular
            ? html`<link
                rel="preload"
                as="font"
                type="font/ttf"
                href="${assets}/body-regular.ttf"
                crossorigin
              />`
            : ''
        }
        ${THEME_SCRIPTS.map((file) => html`<script src="${assets}/${file}" defer></script>`)}
        ${raw(page.embeds.head)}
      </head>
      <body>
        <div class="announcement">Free shipping on orders over $75</div>
        <header class="site">
          <a class="logo" href="${page.baseUrl}/">${page.shopName}</a>
          <nav>
            <a href="${page.baseUrl}/">Home</a><a href="${page.baseUrl}/collections/all">Catalog</a
            ><a href="${page.baseUrl}/cart">Cart</a>
          </nav>
        </header>
        ${page.body}
        <footer class="site">
          <span>© ${new Date().getFullYear()} ${page.shopName}</span
          ><span>Demo storefront of the local platform emulator</span>
        </footer>
        ${raw(page.embeds.body)}
      </body>
    </html>`.value;
}
