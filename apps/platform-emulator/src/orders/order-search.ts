// The `query` argument of `orders` in the platform's search syntax, the part an app filtering
// orders uses: terms joined by spaces (AND), `field:value`, `field:>value` (also >=, <, <=) for
// dates and numbers, `-field:value` to negate, quoted values, and bare words matched against
// the order's name and email. Fields the emulator does not know are ignored, as the platform
// ignores an unknown search field. `sortKey` and `reverse` order the result.
import type { EmulatorContext } from '../context.js';
import type { OrderRecord } from '../state/order-types.js';
import { currentRiskLevel } from './risk.js';

type Comparator = '=' | '>' | '>=' | '<' | '<=';

interface Term {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

export type OrderSortKey =
  'CREATED_AT' | 'ID' | 'ORDER_NUMBER' | 'PROCESSED_AT' | 'TOTAL_PRICE' | 'UPDATED_AT';

function tokens(query: string): string[] {
  return query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
}

export function parseOrderQuery(query: string): Term[] {
  const terms: Term[] = [];
  for (const raw of tokens(query)) {
    if (raw === 'AND') continue;
    let text = raw;
    let negated = false;
    if (text.startsWith('-')) {
      negated = true;
      text = text.slice(1);
    }
    const colon = text.indexOf(':');
    const field = colon > 0 ? text.slice(0, colon).toLowerCase() : null;
    let value = colon > 0 ? text.slice(colon + 1) : text;
    let comparator: Comparator = '=';
    const match = /^(>=|<=|>|<)(.*)$/.exec(value);
    if (match) {
      comparator = match[1] as Comparator;
      value = match[2] ?? '';
    }
    value = value.replace(/^"|"$/g, '');
    terms.push({ field, comparator, value, negated });
  }
  return terms;
}

function compare(actual: number, comparator: Comparator, wanted: number): boolean {
  switch (comparator) {
    case '>':
      return actual > wanted;
    case '>=':
      return actual >= wanted;
    case '<':
      return actual < wanted;
    case '<=':
      return actual <= wanted;
    default:
      return actual === wanted;
  }
}

function compareDate(actual: string | null, term: Term): boolean {
  if (!actual) return false;
  const wanted = Date.parse(term.value);
  if (Number.isNaN(wanted)) return false;
  const at = Date.parse(actual);
  // A bare date with `=` means that whole day (UTC).
  if (term.comparator === '=' && /^\d{4}-\d{2}-\d{2}$/.test(term.value)) {
    return at >= wanted && at < wanted + 86_400_000;
  }
  return compare(at, term.comparator, wanted);
}

const same = (a: string | null | undefined, b: string) =>
  (a ?? '').toLowerCase() === b.toLowerCase();

const KNOWN_FIELDS = new Set([
  'created_at',
  'updated_at',
  'processed_at',
  'status',
  'financial_status',
  'fulfillment_status',
  'tag',
  'tag_not',
  'email',
  'name',
  'risk_level',
  'id',
  'customer_id',
  'sku',
  'discount_code',
  'gateway',
  'test',
]);

function matches(order: OrderRecord, term: Term): boolean {
  const value = term.value;
  switch (term.field) {
    case null:
      return (
        order.name.toLowerCase().includes(value.toLowerCase()) ||
        (order.email ?? '').toLowerCase().includes(value.toLowerCase())
      );
    case 'created_at':
      return compareDate(order.createdAt, term);
    case 'updated_at':
      return compareDate(order.updatedAt, term);
    case 'processed_at':
      return compareDate(order.processedAt, term);
    case 'status':
      if (same(value, 'any')) return true;
      if (same(value, 'cancelled')) return order.cancelledAt !== null;
      if (same(value, 'closed')) return order.closedAt !== null;
      if (same(value, 'open') || same(value, 'not_closed')) return order.closedAt === null;
      return false;
    case 'financial_status':
      return same(order.financialStatus, value);
    case 'fulfillment_status':
      return same(value, 'shipped') || same(value, 'fulfilled')
        ? order.fulfilled
        : !order.fulfilled;
    case 'tag':
      return order.tags.some((tag) => same(tag, value));
    case 'tag_not':
      return !order.tags.some((tag) => same(tag, value));
    case 'email':
      return same(order.email, value);
    case 'name':
      return same(order.name, value) || same(order.name, `#${value}`);
    case 'risk_level':
      return same(currentRiskLevel(order), value);
    case 'id':
      return compare(order.id, term.comparator, Number(value));
    case 'customer_id':
      return order.customerId !== null && order.customerId === Number(value);
    case 'sku':
      return order.lines.some((line) => same(line.sku, value));
    case 'discount_code':
      return same(order.discountCode?.code, value);
    case 'gateway':
      return same(order.gateway, value);
    case 'test':
      return String(order.test) === value.toLowerCase();
    default:
      return true;
  }
}

export function searchOrders(
  context: EmulatorContext,
  shop: string,
  options: { query?: string | null; sortKey?: OrderSortKey | null; reverse?: boolean | null },
): OrderRecord[] {
  const terms = parseOrderQuery(options.query ?? '').filter(
    (term) => term.field === null || KNOWN_FIELDS.has(term.field),
  );
  const found = context.store.state.orders.filter(
    (order) => order.shop === shop && terms.every((term) => matches(order, term) !== term.negated),
  );
  const key = options.sortKey ?? 'PROCESSED_AT';
  const sortValue = (order: OrderRecord): number => {
    switch (key) {
      case 'CREATED_AT':
        return Date.parse(order.createdAt);
      case 'PROCESSED_AT':
        return Date.parse(order.processedAt);
      case 'UPDATED_AT':
        return Date.parse(order.updatedAt);
      case 'ORDER_NUMBER':
        return order.number;
      case 'TOTAL_PRICE':
        return order.totalCents;
      default:
        return order.id;
    }
  };
  found.sort((a, b) => sortValue(a) - sortValue(b) || a.id - b.id);
  return options.reverse ? found.reverse() : found;
}
