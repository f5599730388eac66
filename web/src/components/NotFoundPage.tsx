import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { MESSAGES } from '#shared/messages.ts';

/** Any path the app does not have. */
export function NotFoundPage() {
  return (
    <Center as="main" minH="100dvh" px="4">
      <Stack align="center" gap="4" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="fg.subtle" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          {MESSAGES.pageNotFound}
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild>
          <RouterLink to="/">Go to the home page</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
