import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isRole } from '../../lib/roles.ts';
import { currentUserQuery } from './current-user.ts';

/** `beforeLoad` of the signed-out screens: a signed-in staff member is sent to their own base instead. */
export async function redirectSignedInUser(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  if (user && isRole(user.role)) throw redirect({ to: '/$role', params: { role: user.role } });
}
