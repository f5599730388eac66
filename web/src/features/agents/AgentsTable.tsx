import {
  Avatar,
  Badge,
  Button,
  HStack,
  IconButton,
  Link,
  Menu,
  Portal,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuEllipsisVertical } from 'react-icons/lu';
import type { Availability, Role } from '#shared/constants.ts';
import type { Agent, StaffMember } from '#shared/schemas/user.ts';
import { t as translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/react.tsx';
import { isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { errorText } from '../../lib/server-message.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { displayNameOf, initialsOf, roleLabelOf } from '../../lib/format.ts';
import { ROLE_BADGE_PALETTES } from './agent-stats.ts';
import { useSetComplianceMutation } from './queries.ts';

/** What an admin can do to one staff member from the table. */
export type AgentAction = 'role' | 'password' | 'deactivate';

/** How each availability shows (docs/product.md §2 "Availability"). */
export const AVAILABILITY_PALETTES: Record<Availability, string> = {
  available: 'green',
  away: 'orange',
  offline: 'gray',
};

interface AgentsTableProps {
  agents: readonly StaffMember[];
  /** The viewer's role: the base path of the "View tickets" links. */
  viewerRole: Role;
  /** The viewer's own id: nobody deactivates themselves from here (the server refuses it too). */
  viewerId: string;
  /** Present for admins only; without it there is no Actions column (docs/product.md §6). */
  onAction?: (action: AgentAction, agent: Agent) => void;
  /** Opens an agent's routing (admins and managers). */
  onRouting?: (agent: StaffMember) => void;
}

/** The 'All Agents' table (docs/product.md §2 Agent Management). */
export function AgentsTable({ agents, viewerRole, viewerId, onAction, onRouting }: AgentsTableProps) {
  const t = useT();
  const format = useFormat();
  if (agents.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        {t('agents.empty')}
      </Text>
    );
  }

  return (
    <Table.ScrollArea>
      <Table.Root size="sm" minW="3xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('agents.column.agent')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agents.column.role')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agents.column.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agents.column.availability')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agents.column.openTickets')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agents.column.performance')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('agents.column.resolved')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agents.column.joined')}</Table.ColumnHeader>
            {onAction && <Table.ColumnHeader textAlign="end">{t('ticketTable.actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {agents.map((agent) => {
            const name = displayNameOf(agent, t);
            const week = agent.currentWeekPerformance;
            return (
              <Table.Row key={agent.id}>
                <Table.Cell>
                  <HStack gap="3">
                    <Avatar.Root size="sm" colorPalette={ROLE_BADGE_PALETTES[agent.role]}>
                      <Avatar.Fallback>{initialsOf(agent)}</Avatar.Fallback>
                    </Avatar.Root>
                    <Stack gap="0" minW="0">
                      <Text fontWeight="medium" truncate>
                        {name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {agent.email}
                      </Text>
                      <Link asChild fontSize="xs" color="colorPalette.fg" variant="underline" width="fit-content">
                        <RouterLink
                          to="/$role/tickets"
                          params={{ role: viewerRole }}
                          search={{ assignedToId: agent.id }}
                          aria-label={t('agents.viewTicketsOf', { name })}
                        >
                          {t('agents.viewTickets')}
                        </RouterLink>
                      </Link>
                    </Stack>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette={ROLE_BADGE_PALETTES[agent.role]}>{roleLabelOf(agent.role, t)}</Badge>
                    {agent.compliance && (
                      <Badge colorPalette="purple" variant="subtle">
                        {t('agents.compliance')}
                      </Badge>
                    )}
                    {onAction && agent.id !== viewerId && <ComplianceSwitch agent={agent} name={name} />}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={agent.isActive ? 'green' : 'gray'} variant="outline">
                    {agent.isActive ? t('common.active') : t('common.inactive')}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={AVAILABILITY_PALETTES[agent.availability]} variant="subtle">
                    {t(`availability.${agent.availability}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <HStack gap="2">
                    <Text fontSize="sm">
                      {agent.routing.maxOpenTickets === null
                        ? format.number(agent.openTickets)
                        : t('routing.load', {
                            open: format.number(agent.openTickets),
                            cap: format.number(agent.routing.maxOpenTickets),
                          })}
                    </Text>
                    {onRouting && agent.role === 'agent' && (
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => onRouting(agent)}
                        aria-label={t('routing.openFor', { name })}
                      >
                        {t('routing.open')}
                      </Button>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  {week ? (
                    <HStack gap="2" minW="32">
                      <Progress.Root value={week.performanceScore} max={100} size="sm" flex="1">
                        <Progress.Track aria-label={t('agents.performanceOf', { name })}>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                      <Text fontSize="sm" minW="10" textAlign="end">
                        {format.wholePercent(Math.round(week.performanceScore))}
                      </Text>
                    </HStack>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      {t('agents.noData')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{format.number(week?.ticketsResolved ?? 0)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{format.date(agent.createdAt)}</Table.Cell>
                {onAction && (
                  <Table.Cell textAlign="end">
                    <AgentActionsMenu agent={agent} name={name} self={agent.id === viewerId} onAction={onAction} />
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The compliance permission of one staff member, for admins (docs/product.md §6 "Compliance"): on top of the role,
 * never their own (the server refuses that too).
 */
function ComplianceSwitch({ agent, name }: { agent: Pick<Agent, 'id' | 'compliance'>; name: string }) {
  const t = useT();
  const set = useSetComplianceMutation();
  const onChange = async (compliance: boolean) => {
    try {
      await set.mutateAsync({ id: agent.id, compliance });
    } catch (error) {
      if (!isUnauthorized(error))
        notify('error', translate('agents.complianceFailed', { error: errorText(error, translate) }));
    }
  };
  return (
    <Switch.Root
      size="sm"
      checked={agent.compliance}
      disabled={set.isPending}
      onCheckedChange={(details) => onChange(details.checked)}
    >
      <Switch.HiddenInput aria-label={t('agents.complianceOf', { name })} />
      <Switch.Control />
    </Switch.Root>
  );
}

interface AgentActionsMenuProps {
  agent: Agent;
  name: string;
  self: boolean;
  onAction: (action: AgentAction, agent: Agent) => void;
}

function AgentActionsMenu({ agent, name, self, onAction }: AgentActionsMenuProps) {
  const t = useT();
  return (
    <Menu.Root onSelect={(details) => onAction(details.value as AgentAction, agent)}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('agents.actionsFor', { name })}>
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="role">{t('updateRole.title')}</Menu.Item>
            <Menu.Item value="password">{t('resetPassword.title')}</Menu.Item>
            {agent.isActive && !self && (
              <Menu.Item value="deactivate" color="fg.error" _highlighted={{ bg: 'bg.error' }}>
                {t('deactivateUser.title')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
