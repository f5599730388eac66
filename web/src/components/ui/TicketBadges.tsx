import { Badge } from '@chakra-ui/react';
import { LuCode, LuMail, LuPhone } from 'react-icons/lu';
import type { Priority, TicketStatus, TicketType } from '#shared/constants.ts';
import {
  PRIORITY_PALETTES,
  STATUS_PALETTES,
  TYPE_PALETTES,
  priorityLabel,
  statusLabel,
  typeLabel,
} from '../../lib/ticket-display.ts';
import { useT } from '../../i18n/react.tsx';

const TYPE_ICONS = { api: LuCode, direct: LuPhone, email: LuMail } as const;

/** A ticket's status as a coloured badge ('In Progress'). */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const t = useT();
  return (
    <Badge variant="subtle" colorPalette={STATUS_PALETTES[status]} whiteSpace="nowrap">
      {statusLabel(status, t)}
    </Badge>
  );
}

/** How a ticket came in (API, DIRECT, EMAIL), as a badge with its channel's icon. */
export function TypeBadge({ type }: { type: TicketType }) {
  const t = useT();
  const Icon = TYPE_ICONS[type];
  return (
    <Badge variant="surface" colorPalette={TYPE_PALETTES[type]} whiteSpace="nowrap">
      <Icon aria-hidden />
      {typeLabel(type, t)}
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
