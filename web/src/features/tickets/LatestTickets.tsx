import { Button, Card, HStack, Heading } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { LIST_LIMITS } from '#shared/constants.ts';
import { TicketsTable } from './TicketsTable.tsx';

/** The dashboard's table of the latest 10 tickets, with view, edit and assign actions (docs/product.md §2 Dashboard). */
export function LatestTickets() {
  const { role } = useParams({ from: '/$role' });
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            Latest Tickets
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to="/$role/tickets" params={{ role }}>
              View all
            </RouterLink>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <TicketsTable
          scope={{ limit: LIST_LIMITS.dashboardTickets }}
          label="Latest tickets"
          filterable={false}
          paginate={false}
        />
      </Card.Body>
    </Card.Root>
  );
}
