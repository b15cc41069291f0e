// The Orders API's SDL: Order with its money, addresses, line items, refunds, customer and
// risk summary; the `order`, `orders` and `job` queries; orderCancel and tagsAdd/tagsRemove.
// Resolvers are in orders.graphql.ts, objects built in order-nodes.ts; addresses and customers
// in customers-schema.ts.

export const ordersTypeDefs = /* GraphQL */ `
  "An unsigned 64-bit integer, serialized as a string."
  scalar UnsignedInt64

  enum OrderRiskRecommendationResult {
    ACCEPT
    CANCEL
    INVESTIGATE
    NONE
  }

  enum RiskAssessmentResult {
    HIGH
    MEDIUM
    LOW
    NONE
    PENDING
  }

  enum RiskFactSentiment {
    NEGATIVE
    NEUTRAL
    POSITIVE
  }

  type RiskFact {
    description: String!
    sentiment: RiskFactSentiment!
  }

  type OrderRiskAssessment {
    riskLevel: RiskAssessmentResult!
    facts: [RiskFact!]!
    provider: App
  }

  type OrderRiskSummary {
    recommendation: OrderRiskRecommendationResult!
    assessments: [OrderRiskAssessment!]!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  type LineItem {
    id: ID!
    title: String!
    name: String!
    sku: String
    vendor: String
    variantTitle: String
    quantity: Int!
    currentQuantity: Int!
    originalUnitPriceSet: MoneyBag!
    originalTotalSet: MoneyBag!
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  type LineItemConnection {
    nodes: [LineItem!]!
    edges: [LineItemEdge!]!
    pageInfo: PageInfo!
  }

  type Refund implements Node {
    id: ID!
    createdAt: DateTime
    note: String
    totalRefundedSet: MoneyBag!
  }

  enum OrderDisplayFinancialStatus {
    PENDING
    AUTHORIZED
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    VOIDED
    PAID
    REFUNDED
    EXPIRED
  }

  enum OrderDisplayFulfillmentStatus {
    UNFULFILLED
    PARTIALLY_FULFILLED
    FULFILLED
    RESTOCKED
    PENDING_FULFILLMENT
    OPEN
    IN_PROGRESS
    ON_HOLD
    SCHEDULED
    REQUEST_DECLINED
  }

  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    OTHER
    STAFF
  }

  type Order implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    email: String
    phone: String
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    cancelReason: OrderCancelReason
    closed: Boolean!
    closedAt: DateTime
    confirmed: Boolean!
    test: Boolean!
    note: String
    tags: [String!]!
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag!
    subtotalPriceSet: MoneyBag
    totalDiscountsSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
    totalRefundedSet: MoneyBag!
    currentTotalPriceSet: MoneyBag!
    clientIp: String
    customer: Customer
    billingAddress: MailingAddress
    shippingAddress: MailingAddress
    billingAddressMatchesShippingAddress: Boolean!
    lineItems(first: Int, last: Int, after: String, before: String): LineItemConnection!
    discountCode: String
    discountCodes: [String!]!
    paymentGatewayNames: [String!]!
    risk: OrderRiskSummary!
    refunds(first: Int): [Refund!]!
    sourceName: String
    statusPageUrl: URL!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type OrderConnection {
    nodes: [Order!]!
    edges: [OrderEdge!]!
    pageInfo: PageInfo!
  }

  enum OrderSortKeys {
    CREATED_AT
    ID
    ORDER_NUMBER
    PROCESSED_AT
    TOTAL_PRICE
    UPDATED_AT
  }

  type Job {
    id: ID!
    done: Boolean!
    query: QueryRoot
  }

  enum OrderCancelUserErrorCode {
    INTERNAL_ERROR
    INVALID
    NOT_FOUND
    NO_REFUND_PERMISSION
    NO_REFUND_TO_STORE_CREDIT_PERMISSION
    STORE_CREDIT_REFUND_B2B_NOT_SUPPORTED
    STORE_CREDIT_REFUND_EXPIRATION_IN_PAST
    STORE_CREDIT_REFUND_MISSING_CUSTOMER
  }

  type OrderCancelUserError {
    field: [String!]
    message: String!
    code: OrderCancelUserErrorCode
  }

  input OrderCancelStoreCreditRefundInput {
    expiresAt: DateTime
  }

  input OrderCancelRefundMethodInput {
    originalPaymentMethodsRefund: Boolean
    storeCreditRefund: OrderCancelStoreCreditRefundInput
  }

  type OrderCancelPayload {
    job: Job
    orderCancelUserErrors: [OrderCancelUserError!]!
  }

  type TagsAddPayload {
    node: Node
    userErrors: [UserError!]!
  }

  type TagsRemovePayload {
    node: Node
    userErrors: [UserError!]!
  }

  "The precision of a count: EXACT, or AT_LEAST when the limit was reached."
  enum CountPrecision {
    EXACT
    AT_LEAST
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }

  extend type QueryRoot {
    order(id: ID!): Order
    "The orders matching the search query, counted up to the limit (null: no limit)."
    ordersCount(query: String, limit: Int = 10000): Count
    orders(
      first: Int
      last: Int
      after: String
      before: String
      query: String
      sortKey: OrderSortKeys = PROCESSED_AT
      reverse: Boolean = false
    ): OrderConnection!
    customer(id: ID!): Customer
    job(id: ID!): Job
  }

  extend type Mutation {
    orderCancel(
      orderId: ID!
      reason: OrderCancelReason!
      refundMethod: OrderCancelRefundMethodInput
      restock: Boolean!
      notifyCustomer: Boolean = false
      staffNote: String = null
    ): OrderCancelPayload
    tagsAdd(id: ID!, tags: [String!]!): TagsAddPayload
    tagsRemove(id: ID!, tags: [String!]!): TagsRemovePayload
  }
`;
