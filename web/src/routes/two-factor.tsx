import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../features/auth/current-user.ts';
import { loadFullTheme } from '../components/ui/system.ts';
import { MfaEnrolmentPage } from '../features/settings/MfaEnrolmentPage.tsx';
import { loadAllTexts } from '../i18n/i18n.ts';

/** Two-factor enrolment for a user the desk requires it of (docs/decisions/083-staff-two-factor.md); signed in only. */
export const Route = createFileRoute('/two-factor')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    if (!user) throw redirect({ to: '/' });
    await Promise.all([loadAllTexts(), loadFullTheme()]);
  },
  component: MfaEnrolmentPage,
});
