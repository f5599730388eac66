import { Badge } from '@chakra-ui/react';
import type { Priority, TicketStatus } from '#shared/constants.ts';
import { useT } from '../../i18n/react.tsx';
import { PRIORITY_PALETTES, STATUS_PALETTES, priorityLabel, statusLabel } from '../../lib/ticket-display.ts';

/** A ticket's status as a coloured badge ('In Progress'). */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const t = useT();
  return (
    <Badge variant="subtle" colorPalette={STATUS_PALETTES[status]} whiteSpace="nowrap">
      {statusLabel(status, t)}
    </Badge>
  );
}

/** A ticket's priority as a badge in its docs/product.md §9 colour. */
export function PriorityBadge({ priority }: { priority: Priority }) {
  const t = useT();
  return (
    <Badge variant="outline" colorPalette={PRIORITY_PALETTES[priority]} whiteSpace="nowrap">
      {priorityLabel(priority, t)}
    </Badge>
  );
}
