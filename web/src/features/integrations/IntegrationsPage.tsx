import { Badge, Button, Card, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuHistory, LuKeyRound, LuPlus, LuSend, LuTrash2, LuWebhook } from 'react-icons/lu';
import type { ApiKey } from '#shared/schemas/api-key.ts';
import type { Webhook } from '#shared/schemas/webhook.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { canOpen, SECTION_TITLES } from '../../lib/sections.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';
import { CreateWebhookDialog } from './CreateWebhookDialog.tsx';
import { ConfirmActionDialog } from './parts.tsx';
import { apiKeysQuery, useDeleteWebhookMutation, useRevokeApiKeyMutation, webhooksQuery } from './queries.ts';
import { useSendTest } from './use-send-test.ts';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog.tsx';

/** API keys and webhooks, admin only (docs/product.md §2 Integrations); anyone else is refused and sent home. */
export function IntegrationsPage() {
  const t = useT();
  const user = useCurrentUser();
  if (!user || !canOpen(user.role, 'integrations')) return <AccessDenied message={t('integrations.denied')} />;
  return (
    <>
      <PageHeader title={t(SECTION_TITLES.integrations)} description={t('integrations.pageDescription')} />
      <Stack gap="6">
        <ApiKeysCard />
        <WebhooksCard />
      </Stack>
    </>
  );
}

interface SectionCardProps {
  title: string;
  description: string;
  createLabel: string;
  onCreate: () => void;
  /** Shown instead of the content when there is nothing to list. */
  empty: string | null;
  children: React.ReactNode;
}

/** One of the page's cards: heading, what it is for, its create button, and its list or what to do when empty. */
function SectionCard({ title, description, createLabel, onCreate, empty, children }: SectionCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1">
            <Card.Title as="h2">{title}</Card.Title>
            <Card.Description>{description}</Card.Description>
          </Stack>
          <Button onClick={onCreate}>
            <LuPlus aria-hidden />
            {createLabel}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {empty ? (
          <Text color="fg.muted" textAlign="center" py="8">
            {empty}
          </Text>
        ) : (
          children
        )}
      </Card.Body>
    </Card.Root>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// API keys

function ApiKeysCard() {
  const t = useT();
  const format = useFormat();
  const { data: keys } = useSuspenseQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<{ key?: ApiKey; open: boolean }>({ open: false });
  return (
    <>
      <SectionCard
        title={t('integrations.apiKeysTitle')}
        description={t('integrations.apiKeysDescription')}
        createLabel={t('integrations.createApiKey')}
        onCreate={() => setCreating(true)}
        empty={keys.length === 0 ? t('integrations.noApiKeys') : null}
      >
        {keys.length > 0 && (
          <Table.ScrollArea>
            <Table.Root size="sm" minW="2xl" aria-label={t('integrations.apiKeysTitle')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('integrations.column.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('integrations.column.scopes')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('integrations.column.lastUsed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('integrations.column.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('integrations.column.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {keys.map((key) => (
                  <Table.Row key={key.id}>
                    <Table.Cell>
                      <HStack gap="2">
                        <LuKeyRound aria-hidden />
                        <Stack gap="0">
                          <Text fontWeight="medium">{key.name}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {t('integrations.createdBy', {
                              at: format.dateTime(key.createdAt),
                              email: key.createdBy.email,
                            })}
                          </Text>
                        </Stack>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" wrap="wrap">
                        {key.scopes.map((scope) => (
                          <Badge key={scope} variant="outline" fontFamily="mono">
                            {scope}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('integrations.never')}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={key.revokedAt ? 'gray' : 'green'} variant="outline">
                        {key.revokedAt ? t('integrations.revoked') : t('integrations.active')}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {!key.revokedAt && (
                        <Button
                          variant="ghost"
                          size="sm"
                          colorPalette="red"
                          aria-label={t('integrations.revokeNamed', { name: key.name })}
                          onClick={() => setRevoking({ key, open: true })}
                        >
                          {t('integrations.revokeApiKey')}
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </SectionCard>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeApiKeyDialog
        apiKey={revoking.key}
        open={revoking.open}
        onClose={() => setRevoking((r) => ({ ...r, open: false }))}
      />
    </>
  );
}

function RevokeApiKeyDialog({ apiKey, open, onClose }: { apiKey?: ApiKey; open: boolean; onClose: () => void }) {
  const t = useT();
  const revoke = useRevokeApiKeyMutation();
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title={apiKey ? t('integrations.revokeNamed', { name: apiKey.name }) : t('integrations.revokeApiKey')}
      message={t('integrations.revokeApiKeyConfirm')}
      confirmLabel={t('integrations.revokeApiKey')}
      pendingLabel={t('integrations.revoking')}
      pending={revoke.isPending}
      run={() => (apiKey ? revoke.mutateAsync(apiKey.id) : Promise.resolve())}
      succeeded={t('integrations.apiKeyRevoked')}
      failed={t('integrations.apiKeyRevokeFailed')}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks

type WebhookTarget = { action: 'deliveries' | 'delete'; webhook?: Webhook; open: boolean };

function WebhooksCard() {
  const t = useT();
  const format = useFormat();
  const { data: webhooks } = useSuspenseQuery(webhooksQuery());
  const { send, pending } = useSendTest();
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<WebhookTarget>({ action: 'deliveries', open: false });
  const close = () => setTarget((current) => ({ ...current, open: false }));
  return (
    <>
      <SectionCard
        title={t('integrations.webhooksTitle')}
        description={t('integrations.webhooksDescription')}
        createLabel={t('integrations.createWebhook')}
        onCreate={() => setCreating(true)}
        empty={webhooks.length === 0 ? t('integrations.noWebhooks') : null}
      >
        {webhooks.length > 0 && (
          <Table.ScrollArea>
            <Table.Root size="sm" minW="2xl" aria-label={t('integrations.webhooksTitle')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('integrations.column.endpoint')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('integrations.column.events')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('integrations.column.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('integrations.column.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {webhooks.map((webhook) => (
                  <Table.Row key={webhook.id}>
                    <Table.Cell maxW="sm">
                      <HStack gap="2" align="start">
                        <LuWebhook aria-hidden />
                        <Stack gap="0" minW="0">
                          <Text fontWeight="medium" wordBreak="break-all">
                            {webhook.url}
                          </Text>
                          {webhook.description && (
                            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                              {webhook.description}
                            </Text>
                          )}
                          <Text fontSize="xs" color="fg.muted">
                            {t('integrations.createdBy', {
                              at: format.dateTime(webhook.createdAt),
                              email: webhook.createdBy.email,
                            })}
                          </Text>
                        </Stack>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" wrap="wrap">
                        {webhook.events.map((event) => (
                          <Badge key={event} variant="outline" fontFamily="mono">
                            {event}
                          </Badge>
                        ))}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge
                        colorPalette={webhook.disabledAt ? 'red' : 'green'}
                        variant="outline"
                        title={
                          webhook.disabledAt
                            ? t('integrations.since', { at: format.dateTime(webhook.disabledAt) })
                            : undefined
                        }
                      >
                        {webhook.disabledAt ? t('integrations.disabled') : t('integrations.active')}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      <IconButton
                        variant="ghost"
                        size="sm"
                        aria-label={t('integrations.deliveriesOf', { url: webhook.url })}
                        onClick={() => setTarget({ action: 'deliveries', webhook, open: true })}
                      >
                        <LuHistory />
                      </IconButton>
                      <IconButton
                        variant="ghost"
                        size="sm"
                        aria-label={t('integrations.sendTestTo', { url: webhook.url })}
                        disabled={pending}
                        onClick={() => send(webhook)}
                      >
                        <LuSend />
                      </IconButton>
                      <IconButton
                        variant="ghost"
                        size="sm"
                        colorPalette="red"
                        aria-label={t('integrations.deleteNamed', { url: webhook.url })}
                        onClick={() => setTarget({ action: 'delete', webhook, open: true })}
                      >
                        <LuTrash2 />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </SectionCard>
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <WebhookDeliveriesDialog
        webhook={target.action === 'deliveries' ? target.webhook : undefined}
        open={target.open && target.action === 'deliveries'}
        onClose={close}
      />
      <DeleteWebhookDialog
        webhook={target.action === 'delete' ? target.webhook : undefined}
        open={target.open && target.action === 'delete'}
        onClose={close}
      />
    </>
  );
}

function DeleteWebhookDialog({ webhook, open, onClose }: { webhook?: Webhook; open: boolean; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteWebhookMutation();
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title={webhook ? t('integrations.deleteNamed', { url: webhook.url }) : t('integrations.deleteWebhook')}
      message={t('integrations.deleteWebhookConfirm')}
      confirmLabel={t('integrations.deleteWebhook')}
      pendingLabel={t('integrations.deleting')}
      pending={remove.isPending}
      run={() => (webhook ? remove.mutateAsync(webhook.id) : Promise.resolve())}
      succeeded={t('integrations.webhookDeleted')}
      failed={t('integrations.webhookDeleteFailed')}
    />
  );
}
