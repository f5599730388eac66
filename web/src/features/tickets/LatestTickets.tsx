import { Button, Card, HStack, Heading } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { useT } from '../../i18n/react.tsx';
import { LATEST_TICKETS } from './queries.ts';
import { TicketsLoadError, TicketsLoading, TicketsTable } from './TicketsTable.tsx';

/**
 * The dashboard's table of the latest 10 tickets, with view, edit and assign actions (docs/product.md §2 Dashboard); it
 * loads and fails on its own, like the dashboard's panels.
 */
export function LatestTickets() {
  const t = useT();
  const { role } = useParams({ from: '/$role' });
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {t('tickets.latestTitle')}
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to="/$role/tickets" params={{ role }}>
              {t('tickets.viewAll')}
            </RouterLink>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <QueryBoundary
          pending={<TicketsLoading />}
          error={(error, retry) => <TicketsLoadError error={error} onRetry={retry} />}
        >
          <TicketsTable filters={LATEST_TICKETS} label={t('tickets.latestLabel')} paginate={false} />
        </QueryBoundary>
      </Card.Body>
    </Card.Root>
  );
}
