import { Avatar, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuArrowRight, LuUsers } from 'react-icons/lu';
import { LIST_LIMITS, type Role } from '#shared/constants.ts';
import type { Agent } from '#shared/schemas/user.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { displayNameOf, initialsOf } from '../../lib/format.ts';
import { canOpen } from '../../lib/sections.ts';
import { agentPerformanceQuery } from '../analytics/queries.ts';
import { performancePalette, ratingText } from '../../components/panels/panel-format.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary, PanelEmpty, PanelLoading } from '../../components/panels/PanelStatus.tsx';

/** The five best agents this week (docs/product.md §2 Top Performing Agents); shown to admins and managers only. */
export function TopAgents({ role }: { role: Role }) {
  const t = useT();
  const viewAll = canOpen(role, 'agents') && (
    <Button asChild size="xs" variant="ghost">
      <RouterLink to="/$role/agents" params={{ role }}>
        {t('topAgents.viewAll')}
        <LuArrowRight aria-hidden />
      </RouterLink>
    </Button>
  );

  return (
    <Panel title={t('topAgents.title')} actions={viewAll}>
      <PanelBoundary pending={<PanelLoading label={t('topAgents.loading')} />}>
        <TopAgentsList />
      </PanelBoundary>
    </Panel>
  );
}

function TopAgentsList() {
  const t = useT();
  const { data: agents } = useSuspenseQuery(agentPerformanceQuery(LIST_LIMITS.topAgents));
  if (agents.length === 0) return <PanelEmpty icon={<LuUsers />} title={t('performance.empty')} />;
  return (
    <Stack as="ol" gap="3" listStyleType="none" aria-label={t('topAgents.listLabel')}>
      {agents.slice(0, LIST_LIMITS.topAgents).map((agent) => (
        <AgentRow key={agent.id} agent={agent} />
      ))}
    </Stack>
  );
}

function AgentRow({ agent }: { agent: Agent }) {
  const t = useT();
  const format = useFormat();
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
            {displayNameOf(agent, t)}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {t('topAgents.resolvedThisWeek', {
              count: week?.ticketsResolved ?? 0,
              rating: ratingText(week?.customerRating, t, format.language),
            })}
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
        {format.percent(score)}
      </Text>
    </HStack>
  );
}
