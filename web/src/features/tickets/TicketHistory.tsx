import { HStack, Spinner, Stack, Text, Timeline } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuMail } from 'react-icons/lu';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { changeText, historyHeadline, mailNoteText } from './history-text.ts';
import { ticketHistoryQuery } from './queries.ts';

/** A ticket's history, oldest first: who changed what, and every e-mail sent and received about it. */
export function TicketHistory({ ticketId }: { ticketId: number }) {
  const t = useT();
  const format = useFormat();
  const history = useQuery(ticketHistoryQuery(ticketId));
  if (history.isPending) {
    return (
      <HStack role="status" gap="2" pt="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>{t('ticketDetail.loadingHistory')}</Text>
      </HStack>
    );
  }
  if (history.isError) {
    return (
      <Text role="alert" color="fg.error" pt="2">
        {t('ticketDetail.historyFailed')}
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
            <Timeline.Title>{historyHeadline(entry.actor, entry.action, t)}</Timeline.Title>
            <Timeline.Description>{format.dateTime(entry.at)}</Timeline.Description>
            {(entry.changes.length > 0 || entry.mail) && (
              <Stack as="ul" gap="0" listStyleType="none" fontSize="sm">
                {entry.mail && <li>{mailNoteText(entry.mail, t)}</li>}
                {entry.changes.map((change) => (
                  <li key={change.field}>{changeText(change, { t, ...format })}</li>
                ))}
              </Stack>
            )}
          </Timeline.Content>
        </Timeline.Item>
      ))}
    </Timeline.Root>
  );
}
