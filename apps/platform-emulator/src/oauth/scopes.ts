// Access scopes as the consent page shows them, and the shape a scope must have.

const SCOPE = /^(unauthenticated_)?(read|write)_[a-z_]+$/;

export function parseScopes(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
}

export function isValidScope(scope: string): boolean {
  return SCOPE.test(scope);
}

const DESCRIPTIONS: Record<string, string> = {
  read_orders: 'View orders, transactions, fulfillments and abandoned checkouts',
  write_orders: 'Edit orders: cancel orders, add tags and record risk assessments',
  read_themes: 'View themes, theme files and app embeds',
  write_themes: 'Edit themes and theme files',
  read_products: 'View products, variants and collections',
  write_products: 'Edit products, variants and collections',
  read_customers: 'View customer details',
  write_customers: 'Edit customer details',
  read_validations: 'View cart and checkout validations',
  write_validations: 'Edit cart and checkout validations',
};

/** A readable line per scope, e.g. `read_orders` → "View orders, transactions, …". */
export function describeScope(scope: string): string {
  const known = DESCRIPTIONS[scope];
  if (known) return known;
  const match = SCOPE.exec(scope);
  const resource = scope.replace(/^(unauthenticated_)?(read|write)_/, '').replace(/_/g, ' ');
  return `${match?.[2] === 'write' ? 'Edit' : 'View'} ${resource}`;
}
