import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chakraLazyGlobal } from './chakra-global-plugin.ts';
import { i18nCatalogs } from './i18n-catalogs-plugin.ts';
import { prerenderSignIn } from './prerender-plugin.ts';
import { routeTreeOptions } from './route-tree.config.ts';

const fromWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** SPA build and dev server; run from the repository root with `--config web/vite.config.ts`. */
export default defineConfig({
  root: fromWeb('.'),
  plugins: [
    // Must come before the React plugin: it rewrites route files to split each route's components out. A route's
    // loader and pending component go with its component, in the chunk its screen needs anyway: the initial chunk
    // keeps only the route options the router needs to match (params, search, guards).
    tanstackRouter({
      ...routeTreeOptions,
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    chakraLazyGlobal(),
    i18nCatalogs(),
    prerenderSignIn(),
  ],
  build: {
    outDir: fromWeb('./dist'),
    // The module-preload polyfill helps only browsers without <link rel="modulepreload"> (Firefox < 115, Safari < 17),
    // which then fetch a lazy route's chunks when it opens; it was 240 bytes of every first load (ADR 042).
    modulePreload: {
      polyfill: false,
      // The entry's own dynamic imports (every route's lazy screen, the catalogs, the rest of the design system) list
      // no chunks to preload beside them: their lists, file names and preload calls were 3.5 kB gzip of the first
      // page's JavaScript (ADR 101). Such a chunk's imports are fetched once it arrives; the router fetches a screen's
      // chunk when a link to it is hovered or focused, so a navigation rarely waits for that second round trip. Lazy
      // imports further in (the dashboard's panels and chart) keep their lists.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /^assets\/index-[^/]+\.js$/.test(hostId) ? [] : deps,
    },
    emptyOutDir: true,
    rolldownOptions: {
      // What the first page's JavaScript need not carry (ADR 101): React's `react-is` and `hoist-non-react-statics`,
      // which Emotion imports for `withTheme` alone (not used here) and which, being CommonJS, would otherwise count as
      // having side effects; and the results of Chakra's identity helpers (`defineSlotRecipe(...)`, `createAnatomy(...)`)
      // that nothing reads, such as its default theme with the recipes of every component.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules\/(hoist-non-react-statics|react-is)\//, sideEffects: false }],
        manualPureFunctions: [
          'createAnatomy',
          'defineConfig',
          'defineSlotRecipe',
          'defineRecipe',
          'defineStyle',
          'defineTokens',
          'defineSemanticTokens',
          'defineKeyframes',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
          'defineGlobalStyles',
        ],
      },
      output: {
        codeSplitting: {
          // Everything the first page needs in one file: left to automatic chunking, the modules shared between
          // the entry and lazy routes land in two dozen tiny chunks, and each file's gzip overhead adds ~6 KB to
          // the initial load. The `$initial` tag holds only the entry's static dependency chain, so no lazy
          // route code is pulled in (which a vendor group by path would do).
          includeDependenciesRecursively: false,
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
      '/ws': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  preview: {
    host: '127.0.0.1',
  },
});
