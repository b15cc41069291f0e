// The cart, checkout and order status pages of the demo storefront (their bodies; the theme
// layout wraps them). The checkout lists the test cards, as the platform's Bogus Gateway does.
import { html, type SafeHtml } from '@gatehouse/html';
import { FLAT_SHIPPING_CENTS, FREE_SHIPPING_FROM_CENTS } from '../orders/discount-codes.js';
import { refundedCents } from '../orders/order-money.js';
import type { OrderRecord } from '../state/order-types.js';
import { cartSubtotal, MAX_QUANTITY, type CartLine } from './cart.js';
import { formatPrice } from './catalog.js';
import { COUNTRIES, TEST_CARDS, type CheckoutFields } from './checkout-form.js';

function lineName(line: { product: { title: string }; variant: string }): string {
  return line.variant === 'Default Title'
    ? line.product.title
    : `${line.product.title} – ${line.variant}`;
}

export function cartBody(baseUrl: string, lines: CartLine[]): SafeHtml {
  if (lines.length === 0) {
    return html`<div class="page">
      <h1>Your cart is empty</h1>
      <a class="button" href="${baseUrl}/collections/all">Continue shopping</a>
    </div>`;
  }
  return html`<div class="page">
    <h1>Your cart</h1>
    <form method="post" action="${baseUrl}/cart/update">
      <table class="cart">
        <tr>
          <th>Product</th>
          <th>Quantity</th>
          <th>Total</th>
          <th></th>
        </tr>
        ${lines.map(
          (line) =>
            html`<tr>
              <td>
                <a href="${baseUrl}/products/${line.product.handle}">${lineName(line)}</a
                ><br /><span class="vendor">${line.sku}</span>
              </td>
              <td>
                <input
                  type="number"
                  name="qty_${line.sku}"
                  min="0"
                  max="${MAX_QUANTITY}"
                  value="${line.quantity}"
                  aria-label="Quantity of ${lineName(line)}"
                />
              </td>
              <td>${formatPrice(line.product.price * line.quantity)}</td>
              <td>
                <button class="link-button" type="submit" name="remove" value="${line.sku}">
                  Remove
                </button>
              </td>
            </tr>`,
        )}
      </table>
      <p>Subtotal: <strong>${formatPrice(cartSubtotal(lines))} USD</strong></p>
      <p class="vendor">Shipping and discount codes are applied at checkout.</p>
      <p style="display:flex;gap:12px;flex-wrap:wrap">
        <button class="button light" style="border:1px solid #121212" type="submit">
          Update cart
        </button>
        <a class="button" href="${baseUrl}/checkout">Check out</a>
      </p>
    </form>
  </div>`;
}

function input(
  fields: CheckoutFields,
  errors: Record<string, string>,
  name: string,
  label: string,
  options: { type?: string; wide?: boolean; autocomplete?: string } = {},
): SafeHtml {
  const error = errors[name];
  return html`<div class="${options.wide ? 'wide' : ''}">
    <label for="${name}">${label}</label>
    <input
      id="${name}"
      name="${name}"
      type="${options.type ?? 'text'}"
      value="${fields[name] ?? ''}"
      autocomplete="${options.autocomplete ?? 'on'}"
      aria-invalid="${error ? 'true' : 'false'}"
    />
    ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
  </div>`;
}

function addressFields(fields: CheckoutFields, errors: Record<string, string>, prefix: string) {
  const country = fields[`${prefix}_country`] ?? 'US';
  const error = errors[`${prefix}_country`];
  return html`<fieldset>
    <div class="wide">
      <label for="${prefix}_country">Country/region</label>
      <select id="${prefix}_country" name="${prefix}_country">
        ${COUNTRIES.map((c) => html`<option value="${c.code}" ${c.code === country ? 'selected' : ''}>${c.name}</option>`)}
      </select>
      ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
    </div>
    ${input(fields, errors, `${prefix}_first_name`, 'First name (optional)')}
    ${input(fields, errors, `${prefix}_last_name`, 'Last name')}
    ${input(fields, errors, `${prefix}_address1`, 'Address', { wide: true })}
    ${input(fields, errors, `${prefix}_address2`, 'Apartment, suite, etc. (optional)', { wide: true })}
    ${input(fields, errors, `${prefix}_city`, 'City')}
    ${input(fields, errors, `${prefix}_province`, 'State / province (optional)')}
    ${input(fields, errors, `${prefix}_zip`, 'ZIP / postal code')}
  </fieldset>`;
}

export function checkoutBody(
  baseUrl: string,
  lines: CartLine[],
  fields: CheckoutFields,
  errors: Record<string, string>,
): SafeHtml {
  const subtotal = cartSubtotal(lines);
  const shipping = subtotal >= FREE_SHIPPING_FROM_CENTS ? 0 : FLAT_SHIPPING_CENTS;
  // A fresh form starts with "same as shipping" ticked; a sent one keeps what the buyer chose.
  const billingSame = Object.keys(fields).length === 0 || fields.billing_same === 'on';
  return html`<div class="page">
    <h1>Checkout</h1>
    ${errors.form ? html`<div class="notice cancelled" role="alert">${errors.form}</div>` : ''}
    <form class="checkout" method="post" action="${baseUrl}/checkout" novalidate>
      <div>
        <h2>Contact</h2>
        <fieldset>
          ${input(fields, errors, 'email', 'Email', { type: 'email', wide: true, autocomplete: 'email' })}
          ${input(fields, errors, 'phone', 'Phone (optional)', { type: 'tel', wide: true, autocomplete: 'tel' })}
        </fieldset>
        <h2>Delivery</h2>
        ${addressFields(fields, errors, 'ship')}
        <h2>Billing address</h2>
        <label class="choice"
          ><input type="radio" name="billing_same" value="on" ${billingSame ? 'checked' : ''} />
          Same as shipping address</label
        >
        <label class="choice"
          ><input type="radio" name="billing_same" value="off" ${billingSame ? '' : 'checked'} />
          Use a different billing address (below)</label
        >
        <div class="billing">${addressFields(fields, errors, 'bill')}</div>
        <h2>Payment</h2>
        <fieldset>
          ${input(fields, errors, 'card_number', 'Card number', { wide: true, autocomplete: 'off' })}
          ${input(fields, errors, 'card_name', 'Name on card', { wide: true, autocomplete: 'cc-name' })}
        </fieldset>
        <div class="hint">
          <strong>Bogus Gateway (test payments).</strong> Use one of these numbers:
          <ul>
            ${TEST_CARDS.filter((c) => c.number.length > 1).map((c) => html`<li><code>${c.number}</code>: ${c.label}</li>`)}
          </ul>
        </div>
        <p><button class="button" type="submit">Pay now</button></p>
      </div>
      <aside class="summary">
        ${lines.map(
          (line) =>
            html`<div class="row">
              <span>${lineName(line)} × ${line.quantity}</span
              ><span>${formatPrice(line.product.price * line.quantity)}</span>
            </div>`,
        )}
        <div class="wide">
          <label for="discount_code">Discount code</label>
          <input
            id="discount_code"
            name="discount_code"
            type="text"
            value="${fields.discount_code ?? ''}"
            aria-invalid="${errors.discount_code ? 'true' : 'false'}"
          />
          ${
            errors.discount_code
              ? html`<div class="error" role="alert">${errors.discount_code}</div>`
              : html`<div class="vendor">Taken off when you pay.</div>`
          }
        </div>
        <div class="row"><span>Subtotal</span><span>${formatPrice(subtotal)}</span></div>
        <div class="row">
          <span>Shipping</span><span>${shipping === 0 ? 'Free' : formatPrice(shipping)}</span>
        </div>
        <div class="row total">
          <span>Total</span><span>USD ${formatPrice(subtotal + shipping)}</span>
        </div>
      </aside>
    </form>
  </div>`;
}

export function orderStatusBody(baseUrl: string, order: OrderRecord): SafeHtml {
  const name = order.shippingAddress?.firstName || order.billingAddress?.firstName || '';
  const refunded = refundedCents(order);
  return html`<div class="page">
    <p class="vendor">Order ${order.name}</p>
    <h1>
      ${order.cancelledAt ? 'Your order was cancelled' : `Thank you${name ? `, ${name}` : ''}!`}
    </h1>
    ${
      order.cancelledAt
        ? html`<div class="notice cancelled">
            This order was cancelled on ${new Date(order.cancelledAt).toUTCString()}.
            ${refunded > 0 ? html`${formatPrice(refunded)} was refunded.` : ''}
          </div>`
        : html`<div class="notice">
            Your order is confirmed.
            ${order.email ? html`A confirmation was sent to ${order.email}.` : ''}
          </div>`
    }
    <table class="cart">
      ${order.lines.map(
        (line) =>
          html`<tr>
            <td>${line.variantTitle ? `${line.title} – ${line.variantTitle}` : line.title}</td>
            <td>× ${line.quantity}</td>
            <td>${formatPrice(line.priceCents * line.quantity)}</td>
          </tr>`,
      )}
      ${
        order.discountCode
          ? html`<tr>
              <td>Discount (${order.discountCode.code})</td>
              <td></td>
              <td>−${formatPrice(order.discountCode.amountCents)}</td>
            </tr>`
          : ''
      }
      <tr>
        <td>Shipping</td>
        <td></td>
        <td>${order.shippingCents === 0 ? 'Free' : formatPrice(order.shippingCents)}</td>
      </tr>
      <tr>
        <td><strong>Total</strong></td>
        <td></td>
        <td><strong>${formatPrice(order.totalCents)} USD</strong></td>
      </tr>
    </table>
    <p><a class="button" href="${baseUrl}/collections/all">Continue shopping</a></p>
  </div>`;
}
