// The store admin's themes, as the merchant sees them on the home page: the live theme, the
// others with a Publish button (themes/publish), and a button that adds a theme from the theme
// store (with no app embed on, as a freshly added theme has).
import type { FastifyInstance } from 'fastify';
import { html, type SafeHtml } from '@gatehouse/html';
import { shopUrl, type EmulatorContext } from '../context.js';
import { shopOr404 } from '../shop-scope.js';
import type { ShopRecord } from '../state/types.js';
import { addTheme, publishTheme } from '../themes.js';

/** The theme the Add button installs, as the theme store's free default. */
const ADDED_THEME = 'Horizon';

export function themesSection(context: EmulatorContext, shop: ShopRecord): SafeHtml {
  const action = (path: string) => shopUrl(context, shop.domain, `/admin/themes${path}`);
  return html`<h1 style="font-size:16px">Themes</h1>
    <div class="card">
      <ul class="plain">
        ${shop.themes.map(
          (theme) =>
            html`<li class="row">
              <span><strong>${theme.name}</strong></span>
              ${
                theme.role === 'MAIN'
                  ? html`<span class="badge success">Live</span>`
                  : html`<form method="post" action="${action(`/${theme.id}/publish`)}">
                      <button class="btn" type="submit">Publish ${theme.name}</button>
                    </form>`
              }
            </li>`,
        )}
      </ul>
      <form method="post" action="${action('')}">
        <button class="btn" type="submit">Add ${ADDED_THEME}</button>
      </form>
    </div>`;
}

export async function themeAdminRoutes(app: FastifyInstance, context: EmulatorContext) {
  const home = (shop: ShopRecord) => shopUrl(context, shop.domain, '/admin');

  app.post('/admin/themes', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    addTheme(context, shop, ADDED_THEME);
    return reply.redirect(home(shop), 302);
  });

  app.post('/admin/themes/:id/publish', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const { id } = request.params as { id: string };
    const theme = shop.themes.find((candidate) => String(candidate.id) === id);
    if (!theme) return reply.code(404).send('Not Found');
    publishTheme(context, shop, theme);
    return reply.redirect(home(shop), 302);
  });
}
