import { Avatar, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuArrowRight, LuUsers } from 'react-icons/lu';
import { LIST_LIMITS, type Role } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { displayNameOf, formatPercent, initialsOf } from '../../lib/format.ts';
import { canOpen } from '../../lib/sections.ts';
import { agentPerformanceQuery } from '../analytics/queries.ts';
import { performancePalette, ratingText } from './dashboard-format.ts';
import { Panel } from './Panel.tsx';
import { PanelEmpty, PanelError, PanelLoading } from './PanelStatus.tsx';

/** The five best agents this week (docs/product.md §2 Top Performing Agents); shown to admins and managers only. */
export function TopAgents({ role }: { role: Role }) {
  const agents = useQuery(agentPerformanceQuery(LIST_LIMITS.topAgents));

  const viewAll = canOpen(role, 'agents') && (
    <Button asChild size="xs" variant="ghost">
      <RouterLink to="/$role/agents" params={{ role }}>
        View All
        <LuArrowRight aria-hidden />
      </RouterLink>
    </Button>
  );

  return (
    <Panel title="Top Performing Agents" actions={viewAll}>
      {agents.isPending ? (
        <PanelLoading label="Loading agent performance…" />
      ) : agents.isError ? (
        <PanelError error={agents.error} onRetry={() => void agents.refetch()} />
      ) : agents.data.length === 0 ? (
        <PanelEmpty icon={<LuUsers />} title={MESSAGES.noAgentPerformance} />
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" aria-label="Agents by performance this week">
          {agents.data.slice(0, LIST_LIMITS.topAgents).map((agent) => (
            <AgentRow key={agent.id} agent={agent} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function AgentRow({ agent }: { agent: Agent }) {
  const week = agent.currentWeekPerformance;
  const score = week?.performanceScore ?? 0;
  return (
    <HStack as="li" gap="3" justify="space-between">
      <HStack gap="3" minW="0">
        <Avatar.Root size="sm" colorPalette="blue">
          <Avatar.Fallback>{initialsOf(agent)}</Avatar.Fallback>
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="medium" textStyle="sm" truncate>
            {displayNameOf(agent)}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {week?.ticketsResolved ?? 0} resolved this week · {ratingText(week?.customerRating)}
          </Text>
        </Stack>
      </HStack>
      <Text
        textStyle="sm"
        fontWeight="semibold"
        color={`${performancePalette(score)}.fg`}
        data-palette={performancePalette(score)}
        flexShrink={0}
      >
        {formatPercent(score)}
      </Text>
    </HStack>
  );
}
