import { Button, Card, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuBuilding2 } from 'react-icons/lu';
import { useSession } from '../../lib/router-context.ts';
import { AuthScreen } from './AuthScreen.tsx';

/** `/admin-oauth`: admins and managers continue with their organization account. */
export function OrganizationLoginPage() {
  const session = useSession();
  return (
    <AuthScreen colorPalette="red">
      <Card.Root borderTopWidth="4px" borderTopColor="colorPalette.solid">
        <Card.Header gap="1">
          <Heading as="h1" size="xl">
            Admin &amp; Manager Login
          </Heading>
          <Text color="fg.muted">Use your organization account to sign in.</Text>
        </Card.Header>
        <Card.Body>
          <Button colorPalette="red" width="full" onClick={() => session.signIn()}>
            <LuBuilding2 aria-hidden />
            Continue with organization account
          </Button>
        </Card.Body>
        <Card.Footer justifyContent="center">
          <Link asChild colorPalette="blue" color="colorPalette.fg" fontSize="sm">
            <RouterLink to="/agent-login">Agent? Click here to login</RouterLink>
          </Link>
        </Card.Footer>
      </Card.Root>
    </AuthScreen>
  );
}
