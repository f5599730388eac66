import { Center, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LuShieldAlert } from 'react-icons/lu';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { useT } from '../i18n/react.tsx';

interface AccessDeniedProps {
  /** A page's own one-line refusal; without it, 'Access Denied' and the generic explanation (docs/product.md §2). */
  message?: string;
}

/**
 * A page the signed-in user's role may not open. After REDIRECT_AFTER_DENIAL_MS the user is sent to `/`, whose
 * guard forwards a signed-in user to their role's base.
 */
export function AccessDenied({ message }: AccessDeniedProps) {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), REDIRECT_AFTER_DENIAL_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Center minH="60vh" px="4">
      <Stack align="center" gap="3" textAlign="center" role="alert">
        <Icon as={LuShieldAlert} boxSize="10" color="fg.error" aria-hidden />
        <Heading as="h1" size="xl">
          {message ?? t('accessDenied.title')}
        </Heading>
        {!message && <Text color="fg.muted">{t('accessDenied.body')}</Text>}
      </Stack>
    </Center>
  );
}
