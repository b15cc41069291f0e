// The SDL of what an order names besides itself: its addresses (with the country codes the
// platform knows) and its customer, whose email and phone are their default addresses.
import { SHOP_COUNTRY_CODES } from '../orders/country-codes.js';

export const customersTypeDefs = /* GraphQL */ `
  "The ISO 3166-1 alpha-2 codes of the countries an address may be in."
  enum CountryCode {
    ${SHOP_COUNTRY_CODES.join('\n    ')}
  }

  type MailingAddress {
    firstName: String
    lastName: String
    name: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    country: String
    countryCodeV2: CountryCode
    zip: String
    phone: String
  }

  type CustomerEmailAddress {
    emailAddress: String!
  }

  type CustomerPhoneNumber {
    phoneNumber: String!
  }

  type Customer implements Node {
    id: ID!
    legacyResourceId: UnsignedInt64!
    defaultEmailAddress: CustomerEmailAddress
    defaultPhoneNumber: CustomerPhoneNumber
    firstName: String
    lastName: String
    displayName: String!
    tags: [String!]!
    numberOfOrders: UnsignedInt64!
    amountSpent: MoneyV2!
    createdAt: DateTime!
    updatedAt: DateTime!
  }
`;
