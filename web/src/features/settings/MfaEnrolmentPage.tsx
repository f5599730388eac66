import { Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useT } from '../../i18n/react.tsx';
import { useSession } from '../../lib/router-context.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/**
 * The enrolment screen of a user the desk requires two-factor sign-in of and who has not set it up: the server answers
 * their every other request with 403 `error.mfa.enrolmentRequired`, on which the app brings them here
 * (docs/decisions/083-staff-two-factor.md). Once it is on, they go on to their own area.
 */
export function MfaEnrolmentPage() {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const done = async () => {
    // Whatever was refused before is read again.
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    await queryClient.invalidateQueries();
    await navigate({ to: '/' });
  };

  return (
    <Center as="main" minH="100dvh" px="4" py="8">
      <Card.Root maxW="lg" width="full">
        <Card.Body>
          <Stack gap="4">
            <Heading as="h1" size="lg">
              {t('mfa.enrol.start')}
            </Heading>
            <Text>{t('mfa.required.body')}</Text>
            <Suspense fallback={<Spinner />}>
              <TotpEnrolment onDone={done} />
            </Suspense>
            <Button alignSelf="start" variant="ghost" size="sm" onClick={() => session.signOut()}>
              {t('shell.logout')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
