import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const fromWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** SPA build: run from the repository root with `vite build --config web/vite.config.ts`. */
export default defineConfig({
  root: webRoot,
  plugins: [
    // Must come before the React plugin: it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromWeb('./src/routes'),
      generatedRouteTree: fromWeb('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
      addExtensions: true,
    }),
    react(),
  ],
  build: {
    outDir: fromWeb('./dist'),
    emptyOutDir: true,
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
