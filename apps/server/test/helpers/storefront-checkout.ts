// A buyer's checkout on the platform emulator's storefront, as API tests submit it: one camp
// stove in the cart, the shipping address (in Arlington, VA, unless another ZIP is given) and a
// test card, with the email given. The platform
// runs the app's checkout validation function on it: 400 with its message when the function
// stops the buyer, 303 to the order when the order is placed.
export async function checkoutAs(
  emulatorUrl: string,
  shop: string,
  email: string,
  address: { zip?: string } = {},
): Promise<{ status: number; body: string }> {
  const base = `${emulatorUrl}/shops/${shop}`;
  const add = await fetch(`${base}/cart/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sku: 'BASECAMP-CAMP-STOVE', quantity: '1' }),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const cookie = (add.headers.get('set-cookie') ?? '').split(';')[0]!;
  const res = await fetch(`${base}/checkout`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      ship_country: 'US',
      ship_first_name: 'Grace',
      ship_last_name: 'Hopper',
      ship_address1: '1 Harbor Way',
      ship_city: 'Arlington',
      ship_zip: address.zip ?? '22201',
      billing_same: 'on',
      card_number: '4242 4242 4242 4242',
      card_name: 'Grace Hopper',
    }),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: await res.text() };
}
