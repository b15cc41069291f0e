// drizzle-kit settings: `npm run db:generate -w @gatehouse/server` writes SQL migrations into
// ./drizzle, applied at server start, from every table definition: each *schema.ts file under
// src/, beside the code that writes the table (a feature's in its folder, a kernel's in
// protection/ or orders/, the core tables in core/db/).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/**/*schema.ts'],
  out: './drizzle',
});
