// GET /shops/:shop/admin: the store admin's home, where "Back to" in the app leads. Shows the
// installed app with its scopes, its subscriptions and an Uninstall button, the themes (publish
// one, add one), and links to the theme editor and the storefront. POST …/admin/apps/:handle/uninstall uninstalls (and sends app/uninstalled).
import type { FastifyInstance } from 'fastify';
import { readAppEmbeds } from '../app-embed.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import { adminPage } from '../html/admin-layout.js';
import { html } from '@gatehouse/html';
import { uninstallApp } from '../installations.js';
import { describeScope } from '../oauth/scopes.js';
import { shopOr404 } from '../shop-scope.js';
import { billingSection } from './billing-section.js';
import { themesSection } from './themes-section.js';

export async function adminRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.get('/admin', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const installation = context.store.state.installations[shop.domain];
    const { uninstalled } = request.query as { uninstalled?: string };
    const embedOn = installation ? readAppEmbeds(context, shop).some((e) => e.enabled) : false;
    const editorUrl = shopUrl(context, shop.domain, '/admin/themes/current/editor?context=apps');
    const appsCard = installation
      ? html`<div class="card">
          <div class="row">
            <div>
              <h2 style="margin:0">${context.app.name}</h2>
              <div class="muted">
                Installed ${new Date(installation.installedAt).toUTCString()} · App embed
                ${embedOn ? 'on' : 'off'}
              </div>
            </div>
            <div style="display:flex;gap:8px">
              <a
                class="btn"
                href="${
                  context.app.configuration.embedded
                    ? shopUrl(context, shop.domain, `/admin/apps/${context.app.handle}`)
                    : context.app.applicationUrl
                }"
                >Open app</a
              >
              <form
                method="post"
                action="${shopUrl(context, shop.domain, `/admin/apps/${context.app.handle}/uninstall`)}"
              >
                <button class="btn critical" type="submit">Uninstall</button>
              </form>
            </div>
          </div>
          <h2 style="margin-top:16px">Access</h2>
          <ul class="plain">
            ${installation.scopes.map((scope) => html`<li>${describeScope(scope)} <span class="muted">(${scope})</span></li>`)}
          </ul>
          ${billingSection(context, shop.domain)}
        </div>`
      : html`<div class="card">
          <div class="row">
            <p class="muted" style="margin:0">No apps installed.</p>
            <a
              class="btn"
              href="${shopUrl(context, shop.domain, `/admin/app-store/${context.app.handle}`)}"
              >${context.app.name} in the App Store</a
            >
          </div>
        </div>`;
    return reply.type('text/html; charset=utf-8').send(
      adminPage({
        title: `Home · ${shop.name}`,
        shopName: shop.name,
        body: html`<h1>${shop.name}</h1>
          ${uninstalled ? html`<div class="banner success" role="status">${context.app.name} was uninstalled.</div>` : ''}
          <div class="card">
            <div class="row">
              <div>
                <strong>${shop.domain}</strong>
                <div class="muted">
                  ${shop.email} · ${shop.planDisplayName} plan · ${shop.currency}
                </div>
              </div>
              <div style="display:flex;gap:8px">
                <a class="btn" href="${shopUrl(context, shop.domain, '/')}">View your store</a>
                <a class="btn" href="${shopUrl(context, shop.domain, '/admin/orders')}">Orders</a>
                <a class="btn" href="${editorUrl}">Customize theme</a>
              </div>
            </div>
          </div>
          <h1 style="font-size:16px">Apps</h1>
          ${appsCard} ${themesSection(context, shop)}`,
      }),
    );
  });

  app.post('/admin/apps/:handle/uninstall', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const { handle } = request.params as { handle: string };
    if (handle !== context.app.handle) return reply.code(404).send('Not Found');
    uninstallApp(context, shop.domain);
    return reply.redirect(shopUrl(context, shop.domain, '/admin?uninstalled=1'), 302);
  });
}
