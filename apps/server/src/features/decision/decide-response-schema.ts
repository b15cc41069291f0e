// JSON schema of the decision answer (`decideResponse` in @gatehouse/contracts), so Fastify
// serializes it with a compiled fast-json-stringify serializer instead of JSON.stringify.
// decide-response-schema.test.ts checks it against the contract: every field of the contract
// is here and an answer serialized through it parses back to the same value.
export const decideResponseSchema = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { type: 'string', enum: ['allow', 'block', 'redirect'] },
    token: { type: 'string' },
    redirectUrl: { type: 'string' },
    prompt: {
      type: 'object',
      required: ['title', 'text', 'accept', 'decline', 'flag'],
      properties: {
        title: { type: 'string' },
        text: { type: 'string' },
        accept: { type: 'string' },
        decline: { type: 'string' },
        flag: { type: 'string' },
      },
    },
    blockPage: {
      type: 'object',
      required: ['title', 'message', 'backgroundColor', 'textColor', 'logoUrl'],
      properties: {
        title: { type: 'string' },
        message: { type: 'string' },
        backgroundColor: { type: 'string' },
        textColor: { type: 'string' },
        logoUrl: { type: ['string', 'null'] },
      },
    },
    notice: {
      type: 'object',
      required: ['reason', 'contactEmail', 'reference'],
      properties: {
        reason: { type: 'string' },
        contactEmail: { type: 'string' },
        reference: { type: 'string' },
      },
    },
    protect: { type: 'array', items: { type: 'string' } },
    adminAccess: { type: 'boolean' },
  },
} as const;
