import { Avatar, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuUsers } from 'react-icons/lu';
import { LIST_LIMITS } from '#shared/constants.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { displayNameOf, initialsOf, roleLabelOf } from '../../lib/format.ts';
import { performancePalette, ratingText } from '../../components/panels/panel-format.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary, PanelEmpty, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { agentPerformanceQuery } from './queries.ts';

/** This week's figures of every agent, best score first (`GET /api/agents/performance?limit=50`). */
export function AgentPerformanceTable() {
  const t = useT();
  return (
    <Panel title={t('agentPerformance.title')} description={t('agentPerformance.description')}>
      <PanelBoundary pending={<PanelLoading label={t('topAgents.loading')} />}>
        <AgentPerformanceRows />
      </PanelBoundary>
    </Panel>
  );
}

function AgentPerformanceRows() {
  const t = useT();
  const { data: agents } = useSuspenseQuery(agentPerformanceQuery(LIST_LIMITS.agentPerformance));
  if (agents.length === 0) return <PanelEmpty icon={<LuUsers />} title={t('performance.empty')} />;
  return (
    // A focusable, named region: at tablet width the table scrolls sideways and keyboards must reach it.
    <Table.ScrollArea
      role="region"
      aria-label={t('agentPerformance.regionLabel')}
      tabIndex={0}
      borderWidth="1px"
      rounded="md"
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('agents.column.agent')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('agentPerformance.assigned')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('agentPerformance.resolved')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('agentPerformance.avgResponse')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('agentPerformance.avgResolution')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('agentPerformance.rating')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('agents.column.performance')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {agents.map((agent) => (
            <AgentPerformanceRow key={agent.id} agent={agent} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AgentPerformanceRow({ agent }: { agent: Agent }) {
  const t = useT();
  const format = useFormat();
  const week = agent.currentWeekPerformance;
  const score = week?.performanceScore ?? 0;
  const palette = performancePalette(score);
  return (
    <Table.Row>
      <Table.Cell>
        <HStack gap="2">
          <Avatar.Root size="xs" colorPalette="blue">
            <Avatar.Fallback>{initialsOf(agent)}</Avatar.Fallback>
          </Avatar.Root>
          <Stack gap="0">
            <Text fontWeight="medium">{displayNameOf(agent, t)}</Text>
            <Text textStyle="xs" color="fg.muted">
              {roleLabelOf(agent.role, t)}
            </Text>
          </Stack>
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end">{format.number(week?.ticketsAssigned ?? 0)}</Table.Cell>
      <Table.Cell textAlign="end">{format.number(week?.ticketsResolved ?? 0)}</Table.Cell>
      <Table.Cell textAlign="end">{format.responseTime(week?.averageResponseTime)}</Table.Cell>
      <Table.Cell textAlign="end">{format.responseTime(week?.averageResolutionTime)}</Table.Cell>
      <Table.Cell>{ratingText(week?.customerRating, t, format.language)}</Table.Cell>
      <Table.Cell textAlign="end">
        <HStack justify="end" gap="2">
          <Box w="16" h="1.5" rounded="full" bg="bg.muted" aria-hidden>
            <Box h="full" rounded="full" bg={`${palette}.solid`} width={`${Math.min(score, 100)}%`} />
          </Box>
          <Text as="span" fontWeight="semibold" color={`${palette}.fg`} data-palette={palette}>
            {format.percent(score)}
          </Text>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
