import { Badge, Box, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { type QueryKey, useSuspenseQuery } from '@tanstack/react-query';
import type { IconType } from 'react-icons';
import { LuBrainCircuit, LuLightbulb, LuSmile, LuTrendingUp, LuTriangleAlert, LuZap } from 'react-icons/lu';
import { MESSAGES } from '#shared/messages.ts';
import type { Insight } from '#shared/schemas/analytics.ts';
import { Panel } from './Panel.tsx';
import { PanelBoundary, PanelEmpty, PanelLoading, type PanelQuery } from './PanelStatus.tsx';

const TYPE_ICONS: Record<string, IconType> = {
  prediction: LuTrendingUp,
  optimization: LuZap,
  alert: LuTriangleAlert,
  satisfaction: LuSmile,
};

const SEVERITY_PALETTES: Record<string, string> = { critical: 'red', warning: 'orange', info: 'blue' };

// The server's enumerations may grow; an unknown type or severity still renders, with the neutral look of docs/product.md §2.
/** Icon of an insight type; 'other' (anything unknown) gets a light bulb. */
const insightIcon = (type: string): IconType => TYPE_ICONS[type] ?? LuLightbulb;

/** Colour palette of an insight severity: critical red, warning orange, info blue, anything else grey. */
const insightPalette = (severity: string): string => SEVERITY_PALETTES[severity] ?? 'gray';

/**
 * Insight cards computed by the server from the ticket data (docs/product.md §2 AI Analytics Insights), on the
 * dashboard and on AI Analytics; `query` is the analytics feature's read of them.
 */
export function InsightsPanel<K extends QueryKey>({ query }: { query: PanelQuery<Insight[], K> }) {
  return (
    <Panel title="AI Analytics Insights">
      <PanelBoundary pending={<PanelLoading label="Loading insights…" />}>
        <Insights query={query} />
      </PanelBoundary>
    </Panel>
  );
}

function Insights<K extends QueryKey>({ query }: { query: PanelQuery<Insight[], K> }) {
  const { data: insights } = useSuspenseQuery(query);
  return insights.length === 0 ? (
    <PanelEmpty icon={<LuBrainCircuit />} title={MESSAGES.noInsights} />
  ) : (
    <Stack as="ul" gap="3" listStyleType="none">
      {insights.map((insight) => (
        <InsightCard key={insight.id} insight={insight} />
      ))}
    </Stack>
  );
}

/** One insight: title, description and, when there is one, the recommended action. */
function InsightCard({ insight }: { insight: Insight }) {
  const palette = insightPalette(insight.severity);
  return (
    <Box
      as="li"
      colorPalette={palette}
      bg="colorPalette.subtle"
      borderStartWidth="4px"
      borderColor="colorPalette.solid"
      rounded="md"
      p="3"
      data-type={insight.type}
      data-severity={insight.severity}
    >
      <HStack align="start" gap="3">
        <Icon as={insightIcon(insight.type)} boxSize="5" color="colorPalette.fg" mt="0.5" aria-hidden />
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" textStyle="sm">
              {insight.title}
            </Text>
            {/* Severity in words as well as colour. */}
            <Badge size="sm" variant="outline" textTransform="capitalize">
              {insight.severity}
            </Badge>
          </HStack>
          <Text textStyle="sm">{insight.description}</Text>
          {insight.action && (
            <Text textStyle="sm" color="colorPalette.fg">
              <Text as="span" fontWeight="semibold">
                Recommended action:
              </Text>{' '}
              {insight.action}
            </Text>
          )}
        </Stack>
      </HStack>
    </Box>
  );
}
