// The messages the visitor log, the IP lookup and the dashboard chart answer bad input with,
// shared by the admin's fields and the server.
export const visitorLogMessages = {
  action: 'Choose allow, block, redirect or monitor.',
  country: 'The country must be a two-letter code, like US or DE.',
  ipFilter: 'Enter an IP address or CIDR range, like 203.0.113.7 or 203.0.113.0/24.',
  asn: 'The ASN must be a number, like 15169 or AS15169.',
  url: 'The URL filter can be at most 200 characters.',
  time: 'Times must be dates and times, like 2030-01-31T00:00:00Z.',
  timeOrder: 'The start of the time range must be before its end.',
  range: 'Choose a time range of 1h, 24h, 7d or 30d.',
  cursor: 'The page cursor is not valid.',
  limit: 'A page holds 1 to 200 visits.',
  lookupIp: 'Enter a valid IPv4 or IPv6 address.',
  lookupUserAgent: 'A user agent is text of at most 1000 characters.',
  quickAction: 'Choose block IP, allow IP, block country, block ASN or block referrer.',
  quickValueTooLong: 'The value can be at most 300 characters.',
  quickValueIp: 'Enter a valid IPv4 or IPv6 address.',
  quickValueCountry: 'The country must be a two-letter code, like US or DE.',
  quickValueAsn: 'The ASN must be a number from 1 to 4294967295, like 15169 or AS15169.',
  whitelistLast:
    'This country is the only one your whitelist allows; blocking it would leave the whitelist empty. Change the Country Blocker instead.',
  days: 'Report range must be 1, 3, 7 or 30 days.',
} as const;
