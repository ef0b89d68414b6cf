import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new migration from the schema; migrations are reviewed and checked in,
// and the BFF applies them at start (src/server/db/database.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
