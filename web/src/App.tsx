import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { Provider } from './components/ui/Provider.tsx';
import type { createAppRouter } from './router.ts';

// Toasts are never part of the first paint; their machinery loads after it (docs/benchmarks.md: initial JavaScript).
const Toaster = lazy(() => import('./components/ui/Toaster.tsx').then((module) => ({ default: module.Toaster })));

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
}

/**
 * Everything above the routes: interface language, design system, data cache, router and toasts. The language's
 * catalog is loaded before the first render (main.tsx).
 */
export function App({ router, queryClient }: AppProps) {
  return (
    <Provider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </Provider>
  );
}
