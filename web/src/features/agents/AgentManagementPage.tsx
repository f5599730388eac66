import { Button, Card, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuActivity, LuClock, LuUserCheck, LuUserPlus, LuUsers } from 'react-icons/lu';
import type { Agent, StaffMember, User } from '#shared/schemas/user.ts';
import { AccessDenied } from '../../components/AccessDenied.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { SECTION_TITLES, canOpen } from '../../lib/sections.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { dashboardMetricsQuery } from '../dashboard/queries.ts';
import { agentStats } from './agent-stats.ts';
import { type AgentAction, AgentsTable } from './AgentsTable.tsx';
import { CreateUserDialog } from './CreateUserDialog.tsx';
import { DeactivateUserDialog } from './DeactivateUserDialog.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { StatCard } from '../../components/ui/StatCard.tsx';
import { UpdateRoleDialog } from './UpdateRoleDialog.tsx';
import { RoutingDialog } from './RoutingDialog.tsx';
import { RoutingQueuePanel } from './RoutingQueuePanel.tsx';
import { useAgentsWithPerformance } from './queries.ts';

/** Agent management, admin and manager (docs/product.md §2); anyone else is refused and sent home. */
export function AgentManagementPage() {
  const user = useCurrentUser();
  if (!user || !canOpen(user.role, 'agents')) return <AccessDenied />;
  return <AgentManagement viewer={user} />;
}

function AgentManagement({ viewer }: { viewer: User }) {
  const t = useT();
  const isAdmin = viewer.role === 'admin';
  const agents = useAgentsWithPerformance();
  const [creating, setCreating] = useState(false);
  // The agent stays set while a dialog closes, so its text does not vanish during the closing animation.
  const [target, setTarget] = useState<{ action: AgentAction; agent: Agent; open: boolean }>();
  const closeTarget = () => setTarget((current) => current && { ...current, open: false });
  const [routingOf, setRoutingOf] = useState<{ agent: StaffMember; open: boolean }>();
  const openFor = (action: AgentAction) => (target?.action === action && target.open) || false;

  return (
    <>
      <PageHeader
        title={t(SECTION_TITLES.agents)}
        description={t('agents.description')}
        actions={
          isAdmin && (
            <Button onClick={() => setCreating(true)}>
              <LuUserPlus aria-hidden />
              {t('createUser.title')}
            </Button>
          )
        }
      />

      <Stack gap="6">
        <AgentStatCards agents={agents} />

        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">{t('agents.all')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <AgentsTable
              agents={agents}
              viewerRole={viewer.role}
              viewerId={viewer.id}
              onAction={isAdmin ? (action, agent) => setTarget({ action, agent, open: true }) : undefined}
              onRouting={(agent) => setRoutingOf({ agent, open: true })}
            />
          </Card.Body>
        </Card.Root>

        <RoutingQueuePanel />
      </Stack>

      <RoutingDialog
        agent={routingOf?.agent}
        open={routingOf?.open ?? false}
        onClose={() => setRoutingOf((current) => current && { ...current, open: false })}
      />

      {isAdmin && (
        <>
          <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
          <UpdateRoleDialog agent={target?.agent} open={openFor('role')} onClose={closeTarget} />
          <ResetPasswordDialog agent={target?.agent} open={openFor('password')} onClose={closeTarget} />
          <DeactivateUserDialog agent={target?.agent} open={openFor('deactivate')} onClose={closeTarget} />
        </>
      )}
    </>
  );
}

/** Total, active, average performance, and the real average response time (docs/product.md §11, not a fixed '2.4h'). */
function AgentStatCards({ agents }: { agents: Agent[] }) {
  const t = useT();
  const format = useFormat();
  // The dashboard's figures are an extra here: the card waits for them, or says N/A, on its own.
  const metrics = useQuery(dashboardMetricsQuery());
  const stats = agentStats(agents);
  const pending = '…';
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <StatCard label={t('agents.total')} value={format.number(stats.total)} icon={LuUsers} />
      <StatCard label={t('agents.active')} value={format.number(stats.active)} icon={LuUserCheck} />
      <StatCard
        label={t('agents.avgPerformance')}
        value={
          stats.averagePerformance === null ? t('common.notAvailable') : format.wholePercent(stats.averagePerformance)
        }
        icon={LuActivity}
        hint={t('agents.thisWeek')}
      />
      <StatCard
        label={t('agents.responseTime')}
        value={
          metrics.isPending
            ? pending
            : metrics.isError
              ? t('common.notAvailable')
              : format.responseTime(metrics.data.avgResponseTime)
        }
        icon={LuClock}
        hint={t('agents.averageFirstResponse')}
      />
    </SimpleGrid>
  );
}
