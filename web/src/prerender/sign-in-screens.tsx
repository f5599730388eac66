/**
 * The sign-in screens of the role routes, rendered to HTML when the SPA is built (web/prerender-plugin.ts puts them
 * into index.html). A visitor without a session then sees the screen as soon as the document arrives, instead of
 * after the bundle has downloaded, run and rendered; the app takes the screen over when it starts (takeover.ts).
 *
 * Rendered by the same components the app renders, so the two cannot drift apart. Emotion, without a cache of our
 * own, writes the styles each element needs into <style> tags beside it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { Provider } from '../components/ui/Provider.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import type { LoginVariant } from '../features/auth/login-variants.ts';

/** One screen's markup, its styles inline. */
export async function renderSignInScreen(variant: LoginVariant): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <LoginPage variant={variant} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();
  const queryClient = new QueryClient();
  return renderToString(
    <Provider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
}
