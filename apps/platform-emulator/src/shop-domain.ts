// Shop domains as the platform issues them, and the names the emulator derives from them.
import { createHash } from 'node:crypto';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** `<handle>.myshopify.com`, lower case, as Shopify itself requires. */
export function isShopDomain(value: string): boolean {
  return value.length <= 255 && SHOP_DOMAIN.test(value);
}

export function shopHandle(domain: string): string {
  return domain.slice(0, domain.indexOf('.'));
}

/** "acme-outdoor.myshopify.com" → "Acme Outdoor". */
export function shopNameFromDomain(domain: string): string {
  return shopHandle(domain)
    .split('-')
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

const OWNER_FIRST_NAMES = [
  'Alex',
  'Priya',
  'Marcus',
  'Elena',
  'Tomás',
  'Grace',
  'Kenji',
  'Amara',
  'Liam',
  'Sofia',
  'Noah',
  'Hannah',
  'Ravi',
  'Chloe',
  'Daniel',
  'Maya',
];
const OWNER_LAST_NAMES = [
  'Carter',
  'Nguyen',
  'Okafor',
  'Lindqvist',
  'Moreno',
  'Patel',
  'Brennan',
  'Kowalski',
  'Haddad',
  'Sato',
  'Fischer',
  'Mensah',
  'Rossi',
  'Walsh',
  'Ibrahim',
  'Larsen',
];

/**
 * A plausible owner's name for a shop created on the fly, the same every time for the same
 * handle (two bytes of its hash pick a first and a last name).
 */
export function ownerNameFromDomain(domain: string): string {
  const digest = createHash('sha256').update(shopHandle(domain)).digest();
  const first = OWNER_FIRST_NAMES[(digest[0] ?? 0) % OWNER_FIRST_NAMES.length];
  const last = OWNER_LAST_NAMES[(digest[1] ?? 0) % OWNER_LAST_NAMES.length];
  return `${first ?? 'Alex'} ${last ?? 'Carter'}`;
}
