// A buyer's checkout on the demo store in the browser: the first product into the cart, the
// checkout form filled with this email, a shipping address and a test card, and Pay now.
import type { Page } from 'playwright-core';

export async function checkoutInBrowser(buyer: Page, store: string, email: string) {
  await buyer.goto(`${store}/collections/all`);
  await buyer.locator('a.card-product').first().click();
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await buyer.goto(`${store}/checkout`);
  await buyer.getByLabel('Email').fill(email);
  await buyer.locator('#ship_last_name').fill('Mallory');
  await buyer.locator('#ship_address1').fill('1 Main Street');
  await buyer.locator('#ship_city').fill('Springfield');
  await buyer.locator('#ship_zip').fill('62701');
  await buyer.getByLabel('Card number').fill('4242424242424242');
  await buyer.getByLabel('Name on card').fill('Mallory');
  await buyer.getByRole('button', { name: 'Pay now' }).click();
}
