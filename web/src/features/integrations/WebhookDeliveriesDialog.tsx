import { Badge, Button, Dialog, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuSend } from 'react-icons/lu';
import { INTEGRATION_TEXTS as T } from '#shared/messages.ts';
import type { Webhook, WebhookDelivery } from '#shared/schemas/webhook.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { formatDateTime, useUserTimezone } from '../../lib/dates.ts';
import { webhookDeliveriesQuery } from './queries.ts';
import { useSendTest } from './use-send-test.ts';

const STATUS_PALETTES: Record<WebhookDelivery['status'], string> = {
  delivered: 'green',
  retrying: 'orange',
  failed: 'red',
};

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
};

/** The last status code, or why there was none. */
const lastResult = (delivery: WebhookDelivery) =>
  delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : (delivery.lastError ?? '');

interface Props {
  webhook: Webhook | undefined;
  open: boolean;
  onClose: () => void;
}

/** A webhook's recent deliveries, refreshed while open, and a button that sends a test event. */
export function WebhookDeliveriesDialog({ webhook, open, onClose }: Props) {
  const { send, pending } = useSendTest();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={T.deliveriesTitle}
      description={webhook?.url}
      closeLabel="Close"
      size="xl"
      scrollBehavior="inside"
    >
      <Dialog.Body>
        <Text color="fg.muted" fontSize="sm" mb="3">
          {T.deliveriesDescription}
        </Text>
        {webhook && (
          <QueryBoundary
            pending={
              <HStack role="status" gap="3" py="6" justify="center" color="fg.muted">
                <Spinner size="sm" />
                <Text>Loading deliveries...</Text>
              </HStack>
            }
            error={(error, retry) => <LoadError title={T.deliveriesLoadFailed} error={error} onRetry={retry} />}
          >
            <DeliveriesTable webhookId={webhook.id} />
          </QueryBoundary>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => webhook && send(webhook)} loading={pending} loadingText="Sending...">
          <LuSend aria-hidden />
          {T.sendTest}
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button>{T.done}</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}

function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const { data: deliveries } = useSuspenseQuery(webhookDeliveriesQuery(webhookId));
  const timeZone = useUserTimezone();
  if (deliveries.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="8">
        {T.noDeliveries}
      </Text>
    );
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" minW="2xl" aria-label={T.deliveriesTitle}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Attempts</Table.ColumnHeader>
            <Table.ColumnHeader>Last result</Table.ColumnHeader>
            <Table.ColumnHeader>When</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deliveries.map((delivery) => (
            <Table.Row key={delivery.eventId}>
              <Table.Cell>
                <Text fontFamily="mono" fontSize="sm">
                  {delivery.type}
                </Text>
                <Text fontSize="xs" color="fg.muted" title={delivery.eventId}>
                  {delivery.eventId.slice(0, 12)}…
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATUS_PALETTES[delivery.status]} variant="subtle">
                  {STATUS_LABELS[delivery.status]}
                </Badge>
              </Table.Cell>
              <Table.Cell>{delivery.attempts}</Table.Cell>
              <Table.Cell maxW="xs">
                <Text lineClamp={2} fontSize="sm">
                  {lastResult(delivery)}
                </Text>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="sm">
                {delivery.deliveredAt
                  ? `Delivered ${formatDateTime(delivery.deliveredAt, timeZone)}`
                  : delivery.nextAttemptAt
                    ? `Next try ${formatDateTime(delivery.nextAttemptAt, timeZone)}`
                    : `Last try ${formatDateTime(delivery.lastAttemptAt, timeZone)}`}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
