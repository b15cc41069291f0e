// The Admin GraphQL types every domain shares.
export const baseTypeDefs = /* GraphQL */ `
  schema {
    query: QueryRoot
    mutation: Mutation
  }

  type QueryRoot
  type Mutation

  "An RFC 3986 and RFC 3987 compliant URI string."
  scalar URL
  "An Amazon Web Services Amazon Resource Name (ARN), including the Region and account ID."
  scalar ARN
  "An ISO-8601 date and time, e.g. 2019-09-07T15:50:00Z."
  scalar DateTime

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type UserError {
    field: [String!]
    message: String!
  }
`;
