import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/orders-schema.ts', './src/server/db/operator-schema.ts', './src/server/db/payouts-schema.ts', './src/server/db/ratings-schema.ts', './src/server/db/chat-schema.ts', './src/server/db/delivery-schema.ts'],
  out: './src/server/db/migrations',
});
