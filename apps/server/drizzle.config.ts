// drizzle-kit settings: `npm run db:generate -w @gatehouse/server` writes SQL migrations into
// ./drizzle, applied at server start, from every table definition: the shared tables in
// src/db/ (schema.ts and its *-schema.ts files) and each feature's own in its folder
// (src/features/<name>/<name>-schema.ts, e.g. a blocker's entries).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/*schema.ts', './src/features/*/*-schema.ts'],
  out: './drizzle',
});
