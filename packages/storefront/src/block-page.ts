// Replaces the store's page with the merchant's block page. The new page is built while the
// guard still hides everything, then the store's document is replaced in the same task (the
// guard leaves with it): the store is never painted.
import type { BlockNotice, BlockPage } from '@gatehouse/contracts';
import { DEFAULT_BLOCK_PAGE as DEFAULT_PAGE } from '@gatehouse/contracts/block-page-defaults';

// Anything the store's scripts still add to the page stays hidden.
const STYLE =
  'html>:not(head,#gatehouse-page,#gatehouse-notice),#gatehouse-page>:not(main,#gatehouse-notice)' +
  '{display:none!important}' +
  '#gatehouse-page{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;' +
  'font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}' +
  'main{max-width:36rem;padding:2rem}img{max-width:200px;max-height:96px;margin-bottom:1.5rem}' +
  'h1{font-size:1.75rem;line-height:1.25;margin:0 0 .75rem}p{margin:0;white-space:pre-line}' +
  'dl{margin:1.5rem 0 0;font-size:.875rem}dt{opacity:.8}dd{margin:0 0 .5rem}a{color:inherit}';

function text(value: unknown, fallback: string): string {
  return typeof value == 'string' && value ? value : fallback;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  parent: Node,
  content?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (content) node.textContent = content;
  parent.appendChild(node);
  return node;
}

/**
 * The shopper's way forward under the merchant's text: why (the kind of reason only), whom to
 * write to (when the store has a contact address) and the reference to quote.
 */
function addShopperHelp(main: HTMLElement, notice: Partial<BlockNotice> | undefined): void {
  const reason = text(notice?.reason, '');
  const reference = text(notice?.reference, '');
  const email = text(notice?.contactEmail, '');
  if (!reason && !reference) return;
  const list = element('dl', main);
  const item = (term: string, value: string) => {
    element('dt', list, term);
    return element('dd', list, value);
  };
  if (reason) item('Reason:', reason);
  if (email) {
    const link = element('a', item('Contact the store:', ''), email);
    link.href = `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=${encodeURIComponent(`Blocked visit ${reference}`)}`;
  }
  if (reference) item('Reference:', `${reference} (quote it when you contact the store)`);
}

export function showBlockPage(
  page: Partial<BlockPage> | undefined,
  notice?: Partial<BlockNotice>,
): void {
  const title = text(page?.title, DEFAULT_PAGE.title);
  const head = document.createElement('head');
  const meta = (name: string, content: string) => {
    const tag = element('meta', head);
    tag.name = name;
    tag.content = content;
  };
  element('meta', head).setAttribute('charset', 'utf-8');
  meta('viewport', 'width=device-width,initial-scale=1');
  meta('robots', 'noindex');
  element('title', head, title);
  element('style', head, STYLE);

  const body = document.createElement('body');
  body.id = 'gatehouse-page';
  // Assigned through the CSSOM: an invalid colour is ignored, never injected.
  body.style.background = DEFAULT_PAGE.backgroundColor;
  body.style.background = text(page?.backgroundColor, DEFAULT_PAGE.backgroundColor);
  body.style.color = DEFAULT_PAGE.textColor;
  body.style.color = text(page?.textColor, DEFAULT_PAGE.textColor);
  const main = element('main', body);
  const logo = page?.logoUrl;
  if (typeof logo == 'string' && /^https?:\/\//.test(logo)) {
    const img = element('img', main);
    img.alt = '';
    img.src = logo;
  }
  element('h1', main, title);
  element('p', main, text(page?.message, DEFAULT_PAGE.message));
  addShopperHelp(main, notice);

  try {
    // A new document: the rest of the store's page is never parsed, and (unlike window.stop()
    // before <body>, after which Chrome never renders) the block page is painted.
    document.open();
    document.write('<!doctype html>');
    document.close();
  } catch {
    // Not replaceable (an XML document): the store's nodes are swapped out below instead.
  }
  document.documentElement.replaceChildren(head, body);
}
