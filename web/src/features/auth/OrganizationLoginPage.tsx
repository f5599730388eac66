import { Button, Card, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuBuilding2 } from 'react-icons/lu';
import { useSession } from '../../lib/router-context.ts';
import { useT } from '../../i18n/react.tsx';
import { AuthScreen } from './AuthScreen.tsx';

/** `/admin-oauth`: admins and managers continue with their organization account. */
export function OrganizationLoginPage() {
  const t = useT();
  const session = useSession();
  return (
    <AuthScreen colorPalette="red">
      <Card.Root borderTopWidth="4px" borderTopColor="colorPalette.solid">
        <Card.Header gap="1">
          <Heading as="h1" size="xl">
            {t('organizationSignIn.title')}
          </Heading>
          <Text color="fg.muted">{t('organizationSignIn.description')}</Text>
        </Card.Header>
        <Card.Body>
          <Button colorPalette="red" width="full" onClick={() => session.signIn()}>
            <LuBuilding2 aria-hidden />
            {t('organizationSignIn.continue')}
          </Button>
        </Card.Body>
        <Card.Footer justifyContent="center">
          <Link asChild colorPalette="blue" color="colorPalette.fg" fontSize="sm">
            <RouterLink to="/agent-login">{t('organizationSignIn.agentLink')}</RouterLink>
          </Link>
        </Card.Footer>
      </Card.Root>
    </AuthScreen>
  );
}
