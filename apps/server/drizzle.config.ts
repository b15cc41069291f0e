// drizzle-kit settings: `npm run db:generate -w @gatehouse/server` writes SQL migrations
// from the schema files below into ./drizzle, applied at server start.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/billing-schema.ts',
    './src/db/protection-schema.ts',
    './src/db/asn-schema.ts',
    './src/db/referrer-schema.ts',
    './src/db/blocker-settings-schema.ts',
    './src/db/network-feeds-schema.ts',
  ],
  out: './drizzle',
});
