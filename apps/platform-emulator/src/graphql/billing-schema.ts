// The Billing API's SDL: subscriptions with recurring and usage line items, usage records, the
// installation's subscriptions, and the `node` lookups an app uses to re-read a subscription by id.
// Resolvers are in billing.graphql.ts.
export const billingTypeDefs = /* GraphQL */ `
  "A signed decimal number, serialized as a string (\\"14.99\\")."
  scalar Decimal

  interface Node {
    id: ID!
  }

  enum AppSubscriptionStatus {
    PENDING
    ACTIVE
    DECLINED
    EXPIRED
    FROZEN
    CANCELLED
  }

  enum AppPurchaseStatus {
    PENDING
    ACTIVE
    DECLINED
    EXPIRED
  }

  enum AppPricingInterval {
    EVERY_30_DAYS
    ANNUAL
  }

  enum AppSubscriptionReplacementBehavior {
    APPLY_IMMEDIATELY
    APPLY_ON_NEXT_BILLING_CYCLE
    STANDARD
  }

  enum AppSubscriptionSortKeys {
    CREATED_AT
    ID
  }

  enum AppTransactionSortKeys {
    CREATED_AT
    ID
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  input MoneyInput {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  input AppSubscriptionDiscountValueInput {
    amount: Decimal
    percentage: Float
  }

  input AppSubscriptionDiscountInput {
    value: AppSubscriptionDiscountValueInput
    durationLimitInIntervals: Int
  }

  input AppRecurringPricingInput {
    interval: AppPricingInterval = EVERY_30_DAYS
    price: MoneyInput!
    discount: AppSubscriptionDiscountInput
  }

  input AppUsagePricingInput {
    cappedAmount: MoneyInput!
    terms: String!
  }

  input AppPlanInput {
    appRecurringPricingDetails: AppRecurringPricingInput
    appUsagePricingDetails: AppUsagePricingInput
  }

  input AppSubscriptionLineItemInput {
    plan: AppPlanInput!
  }

  type AppSubscriptionDiscountAmount {
    amount: MoneyV2!
  }

  type AppSubscriptionDiscountPercentage {
    percentage: Float!
  }

  union AppSubscriptionDiscountValue =
    | AppSubscriptionDiscountAmount
    | AppSubscriptionDiscountPercentage

  type AppSubscriptionDiscount {
    durationLimitInIntervals: Int
    remainingDurationInIntervals: Int
    priceAfterDiscount: MoneyV2!
    value: AppSubscriptionDiscountValue!
  }

  type AppRecurringPricing {
    discount: AppSubscriptionDiscount
    interval: AppPricingInterval!
    planHandle: String
    price: MoneyV2!
  }

  type AppUsagePricing {
    balanceUsed: MoneyV2!
    cappedAmount: MoneyV2!
    interval: AppPricingInterval!
    terms: String!
  }

  union AppPricingDetails = AppRecurringPricing | AppUsagePricing

  type AppPlanV2 {
    pricingDetails: AppPricingDetails!
  }

  type AppUsageRecord implements Node {
    id: ID!
    createdAt: DateTime!
    description: String!
    idempotencyKey: String
    price: MoneyV2!
    subscriptionLineItem: AppSubscriptionLineItem!
  }

  type AppUsageRecordEdge {
    cursor: String!
    node: AppUsageRecord!
  }

  type AppUsageRecordConnection {
    nodes: [AppUsageRecord!]!
    edges: [AppUsageRecordEdge!]!
    pageInfo: PageInfo!
  }

  type AppSubscriptionLineItem {
    id: ID!
    plan: AppPlanV2!
    usageRecords(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
    ): AppUsageRecordConnection!
  }

  type AppSubscription implements Node {
    id: ID!
    name: String!
    test: Boolean!
    status: AppSubscriptionStatus!
    trialDays: Int!
    createdAt: DateTime!
    currentPeriodEnd: DateTime
    returnUrl: URL!
    lineItems: [AppSubscriptionLineItem!]!
  }

  type AppSubscriptionEdge {
    cursor: String!
    node: AppSubscription!
  }

  type AppSubscriptionConnection {
    nodes: [AppSubscription!]!
    edges: [AppSubscriptionEdge!]!
    pageInfo: PageInfo!
  }

  type AppPurchaseOneTime implements Node {
    id: ID!
    name: String!
    test: Boolean!
    status: AppPurchaseStatus!
    createdAt: DateTime!
    price: MoneyV2!
  }

  type AppPurchaseOneTimeEdge {
    cursor: String!
    node: AppPurchaseOneTime!
  }

  type AppPurchaseOneTimeConnection {
    nodes: [AppPurchaseOneTime!]!
    edges: [AppPurchaseOneTimeEdge!]!
    pageInfo: PageInfo!
  }

  extend type AppInstallation {
    "Only ACTIVE subscriptions; a FROZEN, PENDING or ended one is not listed."
    activeSubscriptions: [AppSubscription!]!
    allSubscriptions(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
      sortKey: AppSubscriptionSortKeys = CREATED_AT
    ): AppSubscriptionConnection!
    oneTimePurchases(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
      sortKey: AppTransactionSortKeys = CREATED_AT
    ): AppPurchaseOneTimeConnection!
  }

  type AppSubscriptionCreatePayload {
    appSubscription: AppSubscription
    confirmationUrl: URL
    userErrors: [UserError!]!
  }

  type AppSubscriptionCancelPayload {
    appSubscription: AppSubscription
    userErrors: [UserError!]!
  }

  type AppUsageRecordCreatePayload {
    appUsageRecord: AppUsageRecord
    userErrors: [UserError!]!
  }

  extend type QueryRoot {
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
  }

  extend type Mutation {
    appSubscriptionCreate(
      name: String!
      returnUrl: URL!
      test: Boolean = false
      trialDays: Int
      replacementBehavior: AppSubscriptionReplacementBehavior = STANDARD
      lineItems: [AppSubscriptionLineItemInput!]!
    ): AppSubscriptionCreatePayload
    appSubscriptionCancel(id: ID!, prorate: Boolean = false): AppSubscriptionCancelPayload
    appUsageRecordCreate(
      description: String!
      price: MoneyInput!
      subscriptionLineItemId: ID!
      idempotencyKey: String
    ): AppUsageRecordCreatePayload
  }
`;
