// The demo storefront's catalogue: a small outdoor-gear shop with inline SVG product art,
// so every page renders offline.

export interface Product {
  handle: string;
  title: string;
  vendor: string;
  /** In cents. */
  price: number;
  compareAtPrice?: number;
  description: string;
  variants: string[];
  art: string;
}

const frame = (body: string, background: string) =>
  `<svg viewBox="0 0 240 240" xmlns="http://www.w3.org/2000/svg" role="img" aria-hidden="true"><rect width="240" height="240" fill="${background}"/>${body}</svg>`;

export const PRODUCTS: Product[] = [
  {
    handle: 'ridgeline-2-tent',
    title: 'Ridgeline 2 Tent',
    vendor: 'Northfold',
    price: 34900,
    description:
      'A two-person, three-season tent that pitches in four minutes. Two doors, two vestibules and a 1.9 kg packed weight make it an easy pick for long weekends in the hills.',
    variants: ['Sage', 'Sand'],
    art: frame(
      '<path d="M40 180 120 60l80 120z" fill="#5b7f5a"/><path d="M120 60v120l-26 0z" fill="#3f5e3f"/><path d="M104 180l16-40 16 40z" fill="#1f2f1f"/><rect x="24" y="178" width="192" height="6" rx="3" fill="#8a7b61"/>',
      '#e7efe4',
    ),
  },
  {
    handle: 'summit-65l-backpack',
    title: 'Summit 65L Backpack',
    vendor: 'Northfold',
    price: 22900,
    description:
      'Adjustable torso, a ventilated back panel and a lid that converts into a day pack. Built for a week on the trail with room to spare for the bear canister.',
    variants: ['S/M', 'M/L'],
    art: frame(
      '<rect x="72" y="48" width="96" height="150" rx="28" fill="#c2572f"/><rect x="86" y="100" width="68" height="60" rx="12" fill="#9b4223"/><rect x="80" y="40" width="80" height="30" rx="14" fill="#a94a27"/><rect x="60" y="90" width="12" height="70" rx="6" fill="#5d2a17"/><rect x="168" y="90" width="12" height="70" rx="6" fill="#5d2a17"/>',
      '#f6e9e2',
    ),
  },
  {
    handle: 'trailhead-insulated-bottle',
    title: 'Trailhead Insulated Bottle',
    vendor: 'Cedar & Stone',
    price: 3400,
    description:
      'Double-wall stainless steel keeps water cold for 24 hours and coffee hot for 12. Leak-proof cap with a carry loop that fits two gloved fingers.',
    variants: ['750 ml', '1 L'],
    art: frame(
      '<rect x="92" y="70" width="56" height="130" rx="18" fill="#2f6f8f"/><rect x="100" y="44" width="40" height="30" rx="8" fill="#23394a"/><rect x="92" y="120" width="56" height="18" fill="#3f88ab"/>',
      '#e3eff5',
    ),
  },
  {
    handle: 'cirrus-down-jacket',
    title: 'Cirrus Down Jacket',
    vendor: 'Cedar & Stone',
    price: 28900,
    compareAtPrice: 32900,
    description:
      '800-fill responsibly sourced down in a ripstop shell that stuffs into its own pocket. Warm at the summit, small in the pack.',
    variants: ['S', 'M', 'L', 'XL'],
    art: frame(
      '<path d="M80 60h80l30 40-18 14-12-14v100H80V100l-12 14-18-14z" fill="#d8a328"/><path d="M80 100h80M80 130h80M80 160h80" stroke="#b48415" stroke-width="4"/><path d="M112 60l8 16 8-16" fill="#8f6a10"/>',
      '#f7f0de',
    ),
  },
  {
    handle: 'basecamp-camp-stove',
    title: 'Basecamp Camp Stove',
    vendor: 'Ember Works',
    price: 8900,
    description:
      'A compact canister stove with a piezo igniter and a wide, stable pot support. Boils a litre in about three and a half minutes.',
    variants: ['Default Title'],
    art: frame(
      '<rect x="84" y="130" width="72" height="60" rx="14" fill="#4b4b4b"/><rect x="110" y="106" width="20" height="26" fill="#7a7a7a"/><path d="M80 106h80" stroke="#2b2b2b" stroke-width="8" stroke-linecap="round"/><path d="M120 98c-14-14 2-26 0-40 12 12 16 26 0 40z" fill="#e0632e"/>',
      '#efefef',
    ),
  },
  {
    handle: 'alpine-trekking-poles',
    title: 'Alpine Trekking Poles',
    vendor: 'Northfold',
    price: 11900,
    description:
      'Carbon shafts with cork grips and quick flick-locks, adjustable from 100 to 135 cm. Sold as a pair with trekking and snow baskets.',
    variants: ['Pair'],
    art: frame(
      '<path d="M96 40l-6 170M144 40l6 170" stroke="#2c3e50" stroke-width="8" stroke-linecap="round"/><rect x="86" y="36" width="20" height="40" rx="8" fill="#a0785a"/><rect x="134" y="36" width="20" height="40" rx="8" fill="#a0785a"/><circle cx="90" cy="196" r="10" fill="none" stroke="#2c3e50" stroke-width="4"/><circle cx="150" cy="196" r="10" fill="none" stroke="#2c3e50" stroke-width="4"/>',
      '#e8ecf1',
    ),
  },
];

export function findProduct(handle: string): Product | undefined {
  return PRODUCTS.find((product) => product.handle === handle);
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A variant's SKU: the handle and the option, upper-case (`RIDGELINE-2-TENT-SAGE`). */
export function variantSku(product: Product, variant: string): string {
  const option = variant === 'Default Title' ? '' : `-${variant}`;
  return `${product.handle}${option}`
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/-+$/, '');
}

export interface CatalogVariant {
  product: Product;
  variant: string;
  sku: string;
}

/** Every variant of the catalogue with its SKU. */
export const VARIANTS: CatalogVariant[] = PRODUCTS.flatMap((product) =>
  product.variants.map((variant) => ({ product, variant, sku: variantSku(product, variant) })),
);

export function findVariantBySku(sku: string): CatalogVariant | undefined {
  return VARIANTS.find((candidate) => candidate.sku === sku.trim().toUpperCase());
}
