import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, OFFLINE_CHROMIUM_FLAGS } from './scripts/chromium.ts';

/**
 * Browser flows: Debian's Chromium (no downloaded browser) against the embedded runtime, which
 * tests/browser/global-setup.ts starts in-process with fresh demo data on a free port.
 */
// The runtime runs in this process (global setup); its function logs are JSON lines worth reading only at WARN.
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  testDir: 'tests/browser',
  globalSetup: './tests/browser/global-setup.ts',
  outputDir: 'test-results/browser',
  // One runtime, one table: flows that change shared data run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...OFFLINE_CHROMIUM_FLAGS],
    },
  },
});
