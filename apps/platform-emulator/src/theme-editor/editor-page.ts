// The theme editor as far as app embeds go: the "App embeds" panel with one toggle per
// embed block, a Save button, and the live storefront as preview.
import type { EmbedStatus } from '../app-embed.js';
import { adminPage } from '../html/admin-layout.js';
import { html, raw } from '@gatehouse/html';
import type { ShopRecord } from '../state/types.js';

export interface EditorNotice {
  tone: 'info' | 'success' | 'critical';
  text: string;
}

export interface EditorView {
  shop: ShopRecord;
  appName: string;
  themeName: string;
  embeds: EmbedStatus[];
  /** Handles switched on in the form (saved state, plus a deep link's activation). */
  switchedOn: Set<string>;
  notice: EditorNotice | null;
  actionUrl: string;
  previewUrl: string;
  adminUrl: string;
}

const EDITOR_STYLES = `
.editor{display:grid;grid-template-columns:320px 1fr;gap:16px;align-items:start}
.editor-bar{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px}
.embed{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 0;border-top:1px solid #ebebeb}
.embed:first-of-type{border-top:0}
.switch{position:relative;display:inline-block;width:36px;height:20px;flex:none}
.switch input{opacity:0;width:0;height:0}
.slider{position:absolute;inset:0;background:#b5b5b5;border-radius:10px;transition:.15s;cursor:pointer}
.slider:before{content:"";position:absolute;width:16px;height:16px;left:2px;top:2px;background:#fff;border-radius:50%;transition:.15s}
.switch input:checked+.slider{background:#303030}
.switch input:checked+.slider:before{transform:translateX(16px)}
.switch input:focus-visible+.slider{outline:2px solid #005bd3;outline-offset:2px}
.preview{width:100%;height:640px;border:0;border-radius:12px;background:#fff;box-shadow:0 0 0 1px rgba(26,26,26,.08)}
`;

export function editorPage(view: EditorView): string {
  const panel =
    view.embeds.length === 0
      ? html`<p class="muted">No app embeds. Apps you install that add embeds show up here.</p>`
      : view.embeds.map((embed) => {
          const id = `embed-${embed.block.handle}`;
          return html`<div class="embed">
            <label for="${id}"
              ><strong>${view.appName}</strong> — ${embed.block.name}<br />
              <span class="muted"
                >${embed.enabled ? 'On in the published theme' : 'Off in the published theme'}</span
              ></label
            >
            <span class="switch"
              ><input
                type="checkbox"
                role="switch"
                id="${id}"
                name="embed"
                value="${embed.block.handle}"
                aria-label="${embed.block.name}"
                ${view.switchedOn.has(embed.block.handle) ? 'checked' : ''} /><span
                class="slider"
              ></span
            ></span>
          </div>`;
        });
  return adminPage({
    title: `Customize ${view.themeName} · ${view.shop.name}`,
    shopName: view.shop.name,
    wide: true,
    body: html`<style>
        ${raw(EDITOR_STYLES)}
      </style>
      <form method="post" action="${view.actionUrl}">
        <div class="editor-bar">
          <div>
            <a href="${view.adminUrl}">← Exit</a> &nbsp; <strong>${view.themeName}</strong>
            <span class="badge success">Live</span>
          </div>
          <button class="btn primary" type="submit">Save</button>
        </div>
        ${view.notice ? html`<div class="banner ${view.notice.tone}" role="status">${view.notice.text}</div>` : ''}
        <div class="editor">
          <section class="card" aria-label="App embeds">
            <h2>App embeds</h2>
            ${panel}
          </section>
          <iframe class="preview" title="Storefront preview" src="${view.previewUrl}"></iframe>
        </div>
      </form>`,
  });
}
