import { HStack, Spinner, Stack, Text, Timeline } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuMail } from 'react-icons/lu';
import { formatDateTime } from '../../lib/dates.ts';
import { changeText, historyHeadline, mailNoteText } from './history-text.ts';
import { ticketHistoryQuery } from './queries.ts';

/** A ticket's history, oldest first: who changed what, and every e-mail sent and received about it. */
export function TicketHistory({ ticketId, timeZone }: { ticketId: number; timeZone: string }) {
  const history = useQuery(ticketHistoryQuery(ticketId));
  if (history.isPending) {
    return (
      <HStack role="status" gap="2" pt="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>Loading history...</Text>
      </HStack>
    );
  }
  if (history.isError) {
    return (
      <Text role="alert" color="fg.error" pt="2">
        Error loading history
      </Text>
    );
  }
  return (
    <Timeline.Root size="sm" pt="2">
      {history.data.map((entry) => (
        <Timeline.Item key={entry.id}>
          <Timeline.Connector>
            <Timeline.Separator />
            <Timeline.Indicator>{entry.mail && <LuMail aria-hidden />}</Timeline.Indicator>
          </Timeline.Connector>
          <Timeline.Content>
            <Timeline.Title>{historyHeadline(entry.actor.name, entry.action)}</Timeline.Title>
            <Timeline.Description>{formatDateTime(entry.at, timeZone)}</Timeline.Description>
            {(entry.changes.length > 0 || entry.mail) && (
              <Stack as="ul" gap="0" listStyleType="none" fontSize="sm">
                {entry.mail && <li>{mailNoteText(entry.mail)}</li>}
                {entry.changes.map((change) => (
                  <li key={change.field}>{changeText(change, timeZone)}</li>
                ))}
              </Stack>
            )}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}
