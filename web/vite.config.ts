import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routeTreeOptions } from './route-tree.config.ts';

const fromWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** SPA build and dev server; run from the repository root with `--config web/vite.config.ts`. */
export default defineConfig({
  root: fromWeb('.'),
  plugins: [
    // Must come before the React plugin: it rewrites route files to split each route's components out.
    tanstackRouter({ ...routeTreeOptions, autoCodeSplitting: true }),
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
