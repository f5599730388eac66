import { fileURLToPath } from 'node:url';

const fromWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * How the TanStack generator writes src/routeTree.gen.ts (tracked in git, rewritten whenever the route files
 * change). Shared by the Vite build and the component tests so both produce the same file.
 */
export const routeTreeOptions = {
  target: 'react',
  routesDirectory: fromWeb('./src/routes'),
  generatedRouteTree: fromWeb('./src/routeTree.gen.ts'),
  quoteStyle: 'single',
  semicolons: true,
  addExtensions: true,
} as const;
