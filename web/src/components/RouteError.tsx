import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';

/** Shown when a route cannot load (the API is down, an unexpected answer); offers a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Center minH="60vh" px="4">
      <Stack align="center" gap="4" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">{error instanceof Error ? error.message : String(error)}</Text>
        <Button onClick={retry}>Try again</Button>
      </Stack>
    </Center>
  );
}
