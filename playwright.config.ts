import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { makeTestCa } from './tests/support/push-service.ts';

/**
 * E2E against the built production server on a fresh PGlite database with demo data.
 * `npm test` builds first; E2E_DATA_DIR is shared with the test workers (mail/SMS outboxes).
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'titipan-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4555);
// The server's Stripe API, modelled locally (tests/e2e/support/server.ts): the next port.
process.env.E2E_STRIPE_PORT ??= String(port + 1);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Web push goes to a local push service of the test's own (tests/e2e/web-push.spec.ts), over HTTPS
// with a throwaway CA that the server process trusts (NODE_EXTRA_CA_CERTS); made once, shared with the workers.
process.env.E2E_PUSH_PORT ??= String(port + 2);
if (!process.env.E2E_PUSH_CA) {
  const ca = await makeTestCa(join(process.env.E2E_DATA_DIR, 'test-ca'));
  process.env.E2E_PUSH_CA = ca.certPath;
  process.env.E2E_PUSH_CA_KEY = ca.keyPath;
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // The production server, with cards going to a local model of Stripe's API.
    command: 'node --disable-warning=ExperimentalWarning tests/e2e/support/server.ts',
    url: `http://localhost:${port}/`,
    // A loaded machine seeds the demo database slowly: E2E_SERVER_TIMEOUT (ms) gives it longer.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // Every test browses from this machine's one address; the API suite covers the per-IP limits.
      LIMIT_LOGIN_FAILURES_PER_IP: '100000',
      LIMIT_REGISTRATIONS_PER_IP: '100000',
      LIMIT_RESET_MAILS_PER_IP: '100000',
      LIMIT_SMS_PER_IP: '100000',
      // The operator console's account in the e2e suite (tests/e2e/orders-appeal.spec.ts).
      OPERATOR_EMAILS: 'operator@titipan.test',
      NODE_EXTRA_CA_CERTS: process.env.E2E_PUSH_CA,
      PUSH_ENDPOINT_ALLOWLIST: `https://127.0.0.1:${process.env.E2E_PUSH_PORT}`,
    },
  },
});
