import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useT } from '../i18n/react.tsx';
import { errorText } from '../lib/server-message.ts';

/**
 * Try again for a route that failed: the failed reads may run again (a query error is otherwise kept and rethrown),
 * the error boundary renders the route again, and its loaders read what they need.
 */
export function useRetryRoute(reset: () => void): () => void {
  const router = useRouter();
  const queryErrors = useQueryErrorResetBoundary();
  return () => {
    queryErrors.reset();
    reset();
    void router.invalidate();
  };
}

/** Shown when a route cannot load (the API is down, an unexpected answer); offers a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const retry = useRetryRoute(reset);
  return (
    <Center minH="60vh" px="4">
      <Stack align="center" gap="4" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          {t('routeError.title')}
        </Heading>
        <Text color="fg.muted">{errorText(error, t)}</Text>
        <Button onClick={retry}>{t('common.tryAgain')}</Button>
      </Stack>
    </Center>
  );
}
