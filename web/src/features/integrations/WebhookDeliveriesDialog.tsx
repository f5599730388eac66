import { Badge, Button, Dialog, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuSend } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import type { Webhook, WebhookDelivery } from '#shared/schemas/webhook.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { QueryBoundary } from '../../components/QueryBoundary.tsx';
import { DialogFrame } from '../../components/ui/DialogFrames.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { webhookDeliveriesQuery } from './queries.ts';
import { useSendTest } from './use-send-test.ts';

const STATUS_PALETTES: Record<WebhookDelivery['status'], string> = {
  delivered: 'green',
  retrying: 'orange',
  failed: 'red',
};

const STATUS_LABELS: Record<WebhookDelivery['status'], MessageKey> = {
  delivered: 'integrations.delivery.delivered',
  retrying: 'integrations.delivery.retrying',
  failed: 'integrations.delivery.failed',
};

/** The last status code, or why there was none (the server's words: a network error as the sender saw it). */
const lastResult = (delivery: WebhookDelivery) =>
  delivery.lastStatusCode !== null ? `HTTP\u00a0${delivery.lastStatusCode}` : (delivery.lastError ?? '');

interface Props {
  webhook: Webhook | undefined;
  open: boolean;
  onClose: () => void;
}

/** A webhook's recent deliveries, refreshed while open, and a button that sends a test event. */
export function WebhookDeliveriesDialog({ webhook, open, onClose }: Props) {
  const t = useT();
  const { send, pending } = useSendTest();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('integrations.deliveriesTitle')}
      description={webhook?.url}
      closeLabel={t('common.close')}
      size="xl"
      scrollBehavior="inside"
    >
      <Dialog.Body>
        <Text color="fg.muted" fontSize="sm" mb="3">
          {t('integrations.deliveriesDescription')}
        </Text>
        {webhook && (
          <QueryBoundary
            pending={
              <HStack role="status" gap="3" py="6" justify="center" color="fg.muted">
                <Spinner size="sm" />
                <Text>{t('integrations.deliveriesLoading')}</Text>
              </HStack>
            }
            error={(error, retry) => (
              <LoadError title={t('integrations.deliveriesLoadFailed')} error={error} onRetry={retry} />
            )}
          >
            <DeliveriesTable webhookId={webhook.id} />
          </QueryBoundary>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button
          variant="outline"
          onClick={() => webhook && send(webhook)}
          loading={pending}
          loadingText={t('integrations.sending')}
        >
          <LuSend aria-hidden />
          {t('integrations.sendTest')}
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button>{t('integrations.done')}</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}

function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const t = useT();
  const format = useFormat();
  const { data: deliveries } = useSuspenseQuery(webhookDeliveriesQuery(webhookId));
  if (deliveries.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="8">
        {t('integrations.noDeliveries')}
      </Text>
    );
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" minW="2xl" aria-label={t('integrations.deliveriesTitle')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('integrations.column.event')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations.column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations.column.attempts')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations.column.lastResult')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('integrations.column.when')}</Table.ColumnHeader>
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
                  {t(STATUS_LABELS[delivery.status])}
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
                  ? t('integrations.deliveredAt', { at: format.dateTime(delivery.deliveredAt) })
                  : delivery.nextAttemptAt
                    ? t('integrations.nextTryAt', { at: format.dateTime(delivery.nextAttemptAt) })
                    : t('integrations.lastTryAt', { at: format.dateTime(delivery.lastAttemptAt) })}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
