import { Alert, Button, EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A panel's data is on its way; announced politely to screen readers. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <HStack role="status" gap="2" py="4" color="fg.muted">
      <Spinner size="sm" />
      <Text fontSize="sm">{label}</Text>
    </HStack>
  );
}

/** A panel's data could not be read: the server's message and a way to try again, announced as an alert. */
export function PanelError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Could not load this panel</Alert.Title>
        <Alert.Description>{error.message}</Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  );
}

/** A panel with nothing to show: the product empty text, an optional second line and icon. */
export function PanelEmpty({ title, description, icon }: { title: string; description?: string; icon?: ReactNode }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        {icon && <EmptyState.Indicator>{icon}</EmptyState.Indicator>}
        <VStack textAlign="center" gap="1">
          <EmptyState.Title as="p">{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
