// The store admin's view of the app's subscriptions: plan, price and status of each, newest
// first, as the merchant sees them under the app's billing details.
import { chargeLines } from '../billing/confirmation-page.js';
import { shopSubscriptions } from '../billing/subscriptions.js';
import type { EmulatorContext } from '../context.js';
import { html, type SafeHtml } from '@gatehouse/html';

/** How many past subscriptions the home page lists. */
const SHOWN = 5;

export function billingSection(context: EmulatorContext, shop: string): SafeHtml {
  const subscriptions = shopSubscriptions(context, shop).slice(-SHOWN).reverse();
  if (subscriptions.length === 0) {
    return html`<h2 style="margin-top:16px">Billing</h2>
      <p class="muted" style="margin:0">No subscription.</p>`;
  }
  return html`<h2 style="margin-top:16px">Billing</h2>
    <ul class="plain">
      ${subscriptions.map(
        (sub) =>
          html`<li class="row">
            <span
              ><strong>${sub.name}</strong>${sub.test ? ' (test)' : ''}
              <span class="muted">${chargeLines(sub)[0] ?? ''}</span></span
            >
            <span class="badge ${sub.status === 'ACTIVE' ? 'success' : ''}">${sub.status}</span>
          </li>`,
      )}
    </ul>`;
}
