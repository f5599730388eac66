import { Outlet, createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { currentUserQuery } from '../../features/auth/current-user.ts';
import { useCurrentUser } from '../../features/auth/queries.ts';
import { FullTheme } from '../../components/ui/FullTheme.tsx';
import { loadFullTheme } from '../../components/ui/system.ts';
import { loadAllTexts } from '../../i18n/i18n.ts';
import { AllTexts } from '../../i18n/react.tsx';
import { isRole } from '../../lib/roles.ts';

// The signed-in frame (sidebar, user menu, drawer and what they import) comes only with a session: the sign-in page at
// the same URL neither downloads nor runs it before its form answers (ADR 101). The guard below fetches it beside the
// texts and recipes, so a signed-in first render does not wait for it.
const loadAppShell = () => import('../../features/shell/AppShell.tsx');
const AppShell = lazy(() => loadAppShell().then(({ AppShell }) => ({ default: AppShell })));

/**
 * `/admin`, `/manager`, `/agent`: signed out, the base path is that role's login screen; signed in, it is the
 * role's area inside the app shell. A staff member opening another role's area is sent to their own.
 */
export const Route = createFileRoute('/$role')({
  params: {
    parse: ({ role }) => {
      // Any other first segment (`/nope`) is the 404 page. Throwing, not returning false: with the pathless
      // `_signedIn` child, router 1.170 does not consult `parse` while matching, only once matched.
      if (!isRole(role)) throw notFound();
      return { role };
    },
  },
  // The user (null when signed out) joins the router context: the loaders below read only for a signed-in user, whose
  // screens need the texts beyond the sign-in pages' (ADR 081) and the rest of the design system's recipes (ADR 101).
  beforeLoad: async ({ context, params }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    if (!user) return { user };
    if (user.role === params.role) {
      await Promise.all([loadAllTexts(), loadFullTheme(), loadAppShell()]);
      return { user };
    }
    if (isRole(user.role)) throw redirect({ to: '/$role', params: { role: user.role } });
    throw redirect({ to: '/' });
  },
  component: RoleArea,
});

function RoleArea() {
  const { role } = Route.useParams();
  const user = useCurrentUser();
  if (!user) return <Outlet />;
  // Right after signing in on another role's login screen, until the guard's redirect lands.
  if (user.role !== role) return null;
  // Right after signing in the user is known before the route has loaded again: the shell waits for its texts and
  // recipes.
  return (
    <Suspense fallback={null}>
      <AllTexts>
        <FullTheme>
          <AppShell user={user}>
            <Outlet />
          </AppShell>
        </FullTheme>
      </AllTexts>
    </Suspense>
  );
}
