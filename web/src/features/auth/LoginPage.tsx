import { Card, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useT } from '../../i18n/react.tsx';
import { AuthScreen } from './AuthScreen.tsx';
import { LoginForm } from './LoginForm.tsx';
import { LOGIN_VARIANTS, type LoginVariant } from './login-variants.ts';

/** A login screen whose title, colour and placeholder follow the route it is on. */
export function LoginPage({ variant }: { variant: LoginVariant }) {
  const t = useT();
  const look = LOGIN_VARIANTS[variant];
  return (
    <AuthScreen colorPalette={look.colorPalette}>
      <Card.Root borderTopWidth="4px" borderTopColor="colorPalette.solid">
        <Card.Header gap="1">
          <Heading as="h1" size="xl">
            {t(look.title)}
          </Heading>
          <Text color="fg.muted">{t(look.description)}</Text>
        </Card.Header>
        <Card.Body>
          <LoginForm variant={variant} />
        </Card.Body>
        <Card.Footer justifyContent="center">
          <Link asChild colorPalette={look.colorPalette} color="colorPalette.fg" fontSize="sm">
            <RouterLink to="/login-selection">{t('roleChooser.title')}</RouterLink>
          </Link>
        </Card.Footer>
      </Card.Root>
    </AuthScreen>
  );
}
