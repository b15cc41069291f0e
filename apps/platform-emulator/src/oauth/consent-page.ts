// The install consent page a merchant sees at /admin/oauth/authorize.
import type { RegisteredApp } from '../registered-app.js';
import type { ShopRecord } from '../state/types.js';
import { adminPage } from '../html/admin-layout.js';
import { html } from '@gatehouse/html';
import { describeScope } from './scopes.js';

export interface AuthorizeRequest {
  clientId: string;
  scopes: string[];
  redirectUri: string;
  state: string | undefined;
  grantOptions: string;
}

export function consentPage(
  app: RegisteredApp,
  shop: ShopRecord,
  request: AuthorizeRequest,
  actionUrl: string,
): string {
  const appHost = new URL(app.applicationUrl).host;
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}" />`;
  return adminPage({
    title: `Install ${app.name}`,
    shopName: shop.name,
    body: html` <div class="card">
      <div class="row" style="justify-content:flex-start;gap:16px;margin-bottom:16px">
        <div
          class="avatar"
          style="width:56px;height:56px;font-size:22px;border-radius:12px;background:#1f3a5f"
        >
          G
        </div>
        <div>
          <h1 style="margin:0">Install ${app.name}</h1>
          <div class="muted">on ${shop.name} (${shop.domain}) · by ${appHost}</div>
        </div>
      </div>
      <h2>${app.name} will be able to:</h2>
      <ul class="plain">
        ${request.scopes.length === 0 ? html`<li class="muted">Read basic store information</li>` : ''}
        ${request.scopes.map((scope) => html`<li>${describeScope(scope)} <span class="muted">(${scope})</span></li>`)}
      </ul>
      <p class="muted">
        By installing, you allow ${app.name} to access this store's data as described above. You can
        uninstall the app at any time from the store admin.
      </p>
      <form method="post" action="${actionUrl}">
        ${hidden('client_id', request.clientId)} ${hidden('scope', request.scopes.join(','))}
        ${hidden('redirect_uri', request.redirectUri)} ${hidden('state', request.state)}
        ${hidden('grant_options[]', request.grantOptions)}
        <div class="actions">
          <button class="btn" type="submit" name="decision" value="cancel">Cancel</button>
          <button class="btn primary" type="submit" name="decision" value="install">Install</button>
        </div>
      </form>
    </div>`,
  });
}
