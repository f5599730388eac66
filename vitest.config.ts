import { tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { defineConfig } from 'vitest/config';
import { i18nCatalogs } from './web/i18n-catalogs-plugin.ts';
import { routeTreeOptions } from './web/route-tree.config.ts';

/**
 * Test layers (docs/testing.md). Browser flows run under Playwright (playwright.config.ts), not here.
 */
export default defineConfig({
  test: {
    env: {
      // Function logs are JSON lines; in tests only warnings and errors are worth reading.
      POWERTOOLS_LOG_LEVEL: 'WARN',
      // Metrics are EMF lines on stdout; a test that reads them turns them on itself.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // The pinned SDK runs on Node 20 (here) and 22 (Lambda); its notice about future releases is noise.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One emulator pair serves every file; files run one at a time so that table-wide
          // assertions (recounts, round-robin spread) see only their own writes.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        // web/src/routeTree.gen.ts is generated from the files in web/src/routes and tracked in git. TanStack's generator
        // rewrites it whenever the route files change: in `npm run build:web` and `npm run dev:web` (the Vite plugin)
        // and here, before the component tests run, so a route change shows up in the diff with the code that made it.
        plugins: [tanstackRouterGenerator(routeTreeOptions), i18nCatalogs()],
        test: {
          name: 'component',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/setup.ts'],
          // A hang guard, not a speed check (speed lives in `npm run bench`): a screen rendered whole through the router
          // can take over vitest's default 5 s while the infra project synthesizes the stack on the same two cores.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
