// The page a merchant sees at a subscription's confirmationUrl: what the app will charge
// (price and interval, free trial, usage terms and cap, test notice) with Approve and
// Decline; and the page shown once the charge can no longer be answered.
import { adminPage } from '../html/admin-layout.js';
import { html } from '@gatehouse/html';
import type { AppSubscriptionRecord, ShopRecord } from '../state/types.js';
import { displayInterval, displayMoney } from './money.js';
import { recurringItem, usageItem } from './subscriptions.js';

export interface ConfirmationPageOptions {
  appName: string;
  shop: ShopRecord;
  sub: AppSubscriptionRecord;
  actionUrl: string;
}

/** The charge in words, one line each: "$14.99 USD every 30 days", "7-day free trial"… */
export function chargeLines(sub: AppSubscriptionRecord): string[] {
  const lines: string[] = [];
  const recurring = recurringItem(sub);
  if (recurring) {
    lines.push(
      `${displayMoney(recurring.priceCents, recurring.currencyCode)} ${displayInterval(recurring.interval)}`,
    );
    const { discount } = recurring;
    if (discount) {
      const off =
        discount.amountCents !== null
          ? displayMoney(discount.amountCents, recurring.currencyCode)
          : `${Math.round((discount.percentage ?? 0) * 100)}%`;
      const limit = discount.durationLimitInIntervals;
      const duration =
        limit === null ? '' : ` for ${limit} billing period${limit === 1 ? '' : 's'}`;
      lines.push(`Discount: ${off} off${duration}`);
    }
  }
  if (sub.trialDays > 0) lines.push(`${sub.trialDays}-day free trial`);
  const usage = usageItem(sub);
  if (usage) {
    lines.push(`Usage charges: ${usage.terms}`);
    lines.push(
      `Usage charges capped at ${displayMoney(usage.cappedCents, usage.currencyCode)} every 30 days`,
    );
  }
  return lines;
}

export function confirmationPage(options: ConfirmationPageOptions): string {
  const { appName, shop, sub } = options;
  return adminPage({
    title: `Approve subscription · ${appName}`,
    shopName: shop.name,
    body: html`${
        sub.test
          ? html`<div class="banner info" role="status">
              Test charge: this subscription is a test, and ${shop.name} will not be billed for it.
            </div>`
          : ''
      }
      <div class="card">
        <h1>Approve subscription</h1>
        <div class="muted">${appName} is asking ${shop.name} (${shop.domain}) to approve:</div>
        <h2 style="margin-top:16px">${sub.name}</h2>
        <ul class="plain">
          ${chargeLines(sub).map((line) => html`<li>${line}</li>`)}
        </ul>
        <p class="muted">
          Charges appear on the store's platform bill. Approving replaces any subscription to
          ${appName} this store already has.
        </p>
        <form method="post" action="${options.actionUrl}">
          <div class="actions">
            <button class="btn" type="submit" name="decision" value="decline">Decline</button>
            <button class="btn primary" type="submit" name="decision" value="approve">
              Approve
            </button>
          </div>
        </form>
      </div>`,
  });
}

/** For a charge that was already answered, expired or cancelled. */
export function chargeClosedPage(
  appName: string,
  shop: ShopRecord,
  sub: AppSubscriptionRecord,
  adminUrl: string,
): string {
  return adminPage({
    title: 'Charge unavailable',
    shopName: shop.name,
    body: html`<div class="card">
      <h1>This charge can no longer be approved</h1>
      <p class="muted">
        ${appName}'s subscription "${sub.name}" is ${sub.status.toLowerCase()}. Open the app again
        to choose a plan.
      </p>
      <div class="actions"><a class="btn" href="${adminUrl}">Back to store admin</a></div>
    </div>`,
  });
}
