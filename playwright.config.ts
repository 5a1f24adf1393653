import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
/** A second server, the event-rental deployment on its own database (tests/e2e/eventos/). */
const eventosPort = port + 1;
/** The SMTP server that tests/e2e/quotation-to-delivery.spec.ts starts; nothing else sends mail. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 8283);
/** The fake PAC (tests/server/fake-pac.ts) that tests/e2e/invoicing.spec.ts starts; nothing else stamps. */
export const pacPort = Number(process.env.E2E_PAC_PORT ?? 8284);

export default defineConfig({
  testDir: 'tests/e2e',
  // One server and one database for the run; tests sign in as different demo users.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-MX',
    timezoneId: 'America/Monterrey',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: 'eventos/**', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'eventos',
      testMatch: 'eventos/**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${eventosPort}` },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx server/server.ts',
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-data',
        WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist',
        LOG_LEVEL: 'warn',
        // Customers' tracking links are built on it (issue 47): without it nobody is told.
        PUBLIC_URL: `http://localhost:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // A queued e-mail leaves within a second, and a mail server not up yet is tried again soon.
        EMAIL_POLL_MS: '500',
        EMAIL_RETRY_FIRST_MS: '1000',
        // Invoicing through SW sapien's API as the fake PAC speaks it; a stamp is picked up within
        // 300 ms, and a PAC not up yet (every spec but invoicing's) is tried again after a second.
        PAC_PROVIDER: 'sw',
        PAC_URL: `http://127.0.0.1:${pacPort}`,
        // A fixed key for the CSD's secrets: the run's own, never a business's.
        FISCAL_KEY: 'e2e0'.repeat(16),
        CFDI_POLL_MS: '300',
        CFDI_RETRY_FIRST_MS: '1000',
      },
    },
    {
      command: 'node --import tsx server/server.ts',
      url: `http://localhost:${eventosPort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(eventosPort),
        DEPLOYMENT: 'eventos',
        DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-eventos`,
        WEB_DIR: process.env.E2E_WEB_DIR ? `${process.env.E2E_WEB_DIR}-eventos` : 'dist',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
