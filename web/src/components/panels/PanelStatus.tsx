import { EmptyState, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import type { DefaultError, QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/react.tsx';
import { LoadError } from '../LoadError.tsx';
import { QueryBoundary } from '../QueryBoundary.tsx';

/** The read a shared panel shows, handed in by the feature that owns the endpoint (its `queryOptions`). */
export type PanelQuery<T, K extends QueryKey> = UseSuspenseQueryOptions<T, DefaultError, T, K>;

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
  const t = useT();
  return (
    <LoadError title={t('panel.loadFailed')} error={error} onRetry={onRetry} buttonSize="xs" alignItems="center" />
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

/**
 * A panel's content that reads its data with `useSuspenseQuery`: `pending` while it loads, PanelError with Try again
 * when it fails; the panels beside it are not affected.
 */
export function PanelBoundary({ pending, children }: { pending: ReactNode; children: ReactNode }) {
  return (
    <QueryBoundary pending={pending} error={(error, retry) => <PanelError error={error} onRetry={retry} />}>
      {children}
    </QueryBoundary>
  );
}
