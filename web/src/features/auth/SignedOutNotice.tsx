import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { useT } from '../../i18n/react.tsx';
import { useSession } from '../../lib/router-context.ts';

/** Shown on a signed-in page without a session; starts sign-in after REDIRECT_AFTER_DENIAL_MS (docs/product.md §2). */
export function SignedOutNotice() {
  const t = useT();
  const session = useSession();
  useEffect(() => {
    const timer = setTimeout(() => session.signIn(), REDIRECT_AFTER_DENIAL_MS);
    return () => clearTimeout(timer);
  }, [session]);

  return (
    <Center as="main" minH="100dvh" px="4">
      <Stack align="center" gap="4" role="status">
        <Spinner size="lg" aria-hidden />
        <Text fontWeight="medium">{t('session.signedOutPage')}</Text>
      </Stack>
    </Center>
  );
}
