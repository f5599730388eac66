import { Card, HStack, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuArrowDownRight, LuArrowUpRight, LuCircleCheck, LuClock, LuInbox, LuMinus, LuTicket } from 'react-icons/lu';
import type { DashboardMetrics } from '#shared/schemas/dashboard.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { type Trend, type TrendTone, trendOf } from './dashboard-format.ts';

const TREND_ICONS: Record<Trend, IconType> = { up: LuArrowUpRight, down: LuArrowDownRight, flat: LuMinus };
const TONE_COLORS: Record<TrendTone, string> = { good: 'green.fg', bad: 'red.fg', neutral: 'fg.muted' };

interface MetricCardProps {
  label: string;
  value: string;
  icon: IconType;
  /** Percent change against the earlier period; null when there is nothing to compare with. */
  change: number | null;
  /** What the change compares, e.g. 'vs 7 days ago'. */
  basis: string;
  lowerIsBetter?: boolean;
}

function MetricCard({ label, value, icon, change, basis, lowerIsBetter }: MetricCardProps) {
  const t = useT();
  return (
    <Card.Root size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" color="fg.muted">
          <Text textStyle="sm" fontWeight="medium">
            {label}
          </Text>
          <Icon as={icon} boxSize="4" aria-hidden />
        </HStack>
        <Text textStyle="3xl" fontWeight="bold" lineHeight="short">
          {value}
        </Text>
        {change === null ? (
          // The server has no earlier figure (no tickets then): a made-up 0% would be a lie.
          <Text textStyle="xs" color="fg.muted">
            {t('metrics.noEarlierFigure')}
          </Text>
        ) : (
          <ChangeLine change={change} basis={basis} lowerIsBetter={lowerIsBetter} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ChangeLine({ change, basis, lowerIsBetter }: { change: number; basis: string; lowerIsBetter?: boolean }) {
  const { trend, tone } = trendOf(change, lowerIsBetter);
  const format = useFormat();
  return (
    <HStack gap="1" textStyle="xs">
      <HStack gap="0.5" color={TONE_COLORS[tone]} fontWeight="semibold" data-tone={tone}>
        <Icon as={TREND_ICONS[trend]} boxSize="3.5" aria-hidden />
        <span>{format.change(change)}</span>
      </HStack>
      <Text color="fg.muted">{basis}</Text>
    </HStack>
  );
}

/** The four headline cards with their real period-over-period changes (docs/product.md §2, docs/product.md §11). */
export function MetricCards({ metrics }: { metrics: DashboardMetrics }) {
  const t = useT();
  const format = useFormat();
  const { overview, changes } = metrics;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
      <MetricCard
        label={t('metrics.totalTickets')}
        value={format.number(overview.totalTickets)}
        icon={LuTicket}
        change={changes.totalTickets}
        basis={t('metrics.newTicketsVsPrevious')}
      />
      <MetricCard
        label={t('metrics.openTickets')}
        value={format.number(overview.openTickets)}
        icon={LuInbox}
        change={changes.openTickets}
        basis={t('metrics.vsSevenDaysAgo')}
        // A shrinking backlog is the good news here, as a falling response time is below.
        lowerIsBetter
      />
      <MetricCard
        label={t('metrics.avgResponseTime')}
        value={format.responseTime(metrics.avgResponseTime)}
        icon={LuClock}
        change={changes.avgResponseTime}
        basis={t('metrics.vsPrevious')}
        lowerIsBetter
      />
      <MetricCard
        label={t('metrics.resolutionRate')}
        value={format.percent(metrics.resolutionRate)}
        icon={LuCircleCheck}
        change={changes.resolutionRate}
        basis={t('metrics.vsSevenDaysAgo')}
      />
    </SimpleGrid>
  );
}
