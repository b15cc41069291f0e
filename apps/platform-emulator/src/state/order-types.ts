// Orders, customers and stock as plain serialisable records: the part of the state file the
// checkout, the control API and the Admin API's order calls share. Money is kept in cents.

/** Shopify's RiskAssessmentResult. */
export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE' | 'PENDING';
/** Shopify's OrderRiskRecommendationResult. */
export type RiskRecommendation = 'ACCEPT' | 'CANCEL' | 'INVESTIGATE' | 'NONE';
export type RiskFactSentiment = 'NEGATIVE' | 'NEUTRAL' | 'POSITIVE';

export interface RiskFactRecord {
  description: string;
  sentiment: RiskFactSentiment;
}

export interface RiskAssessmentRecord {
  riskLevel: RiskLevel;
  facts: RiskFactRecord[];
  /** Null: the platform's own assessment; else the app that wrote it. */
  provider: { title: string; handle: string; apiKey: string } | null;
  createdAt: string;
}

export interface AddressRecord {
  firstName: string;
  lastName: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string | null;
  provinceCode: string | null;
  country: string;
  countryCode: string;
  zip: string;
  phone: string | null;
}

export interface OrderLineRecord {
  id: number;
  productHandle: string;
  title: string;
  variantTitle: string | null;
  sku: string;
  vendor: string;
  quantity: number;
  priceCents: number;
}

/** Shopify's OrderCancelReason. */
export type CancelReason = 'CUSTOMER' | 'DECLINED' | 'FRAUD' | 'INVENTORY' | 'OTHER' | 'STAFF';

export interface RefundRecord {
  id: number;
  createdAt: string;
  amountCents: number;
  /** Back to the card (the original payment method) or as store credit. */
  method: 'ORIGINAL_PAYMENT_METHOD' | 'STORE_CREDIT';
  /** Store credit only: when it expires (null: never). */
  storeCreditExpiresAt: string | null;
  note: string | null;
}

/** An email the platform sent the customer about the order. */
export interface CustomerNotificationRecord {
  at: string;
  kind: 'order_confirmation' | 'order_cancelled';
  to: string;
}

export interface OrderRecord {
  id: number;
  shop: string;
  /** 1001, 1002… per shop; `name` is `#1001`. */
  number: number;
  name: string;
  token: string;
  email: string | null;
  phone: string | null;
  customerId: number | null;
  billingAddress: AddressRecord | null;
  shippingAddress: AddressRecord | null;
  lines: OrderLineRecord[];
  discountCode: { code: string; amountCents: number; type: DiscountType } | null;
  shippingCents: number;
  subtotalCents: number;
  totalCents: number;
  currency: string;
  /** The payment gateway's name, e.g. `bogus` or `shopify_payments`. */
  gateway: string;
  browserIp: string | null;
  userAgent: string | null;
  acceptLanguage: string | null;
  sourceName: string;
  test: boolean;
  note: string | null;
  tags: string[];
  financialStatus: 'paid' | 'partially_refunded' | 'refunded' | 'voided';
  fulfilled: boolean;
  risk: { recommendation: RiskRecommendation; assessments: RiskAssessmentRecord[] };
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  cancelReason: CancelReason | null;
  staffNote: string | null;
  /** The Job the cancellation answered with (`job(id:)` finds it). */
  cancelJobId: string | null;
  closedAt: string | null;
  restocked: boolean;
  refunds: RefundRecord[];
  notifications: CustomerNotificationRecord[];
}

export type DiscountType = 'percentage' | 'fixed_amount' | 'shipping';

export interface CustomerRecord {
  id: number;
  shop: string;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  /** Store credit granted by refunds, in cents. */
  storeCreditCents: number;
}

/** Units in stock per SKU for each shop; a SKU never sold yet has INITIAL_STOCK. */
export type InventoryRecord = Record<string, Record<string, number>>;
