import { Badge, Box, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { type QueryKey, useSuspenseQuery } from '@tanstack/react-query';
import type { IconType } from 'react-icons';
import { LuBrainCircuit, LuLightbulb, LuSmile, LuTrendingUp, LuTriangleAlert, LuZap } from 'react-icons/lu';
import type { Insight } from '#shared/schemas/analytics.ts';
import { type Translate, useT, useTextOf } from '../../i18n/react.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
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

/** An insight's severity in words; one the SPA does not know yet is shown as the server names it. */
const severityLabel = (severity: string, t: Translate): string =>
  severity === 'critical' || severity === 'warning' || severity === 'info'
    ? t(`insights.severity.${severity}`)
    : severity;

/**
 * Insight cards computed by the server from the ticket data (docs/product.md §2 AI Analytics Insights), on the
 * dashboard and on AI Analytics; `query` is the analytics feature's read of them.
 */
export function InsightsPanel<K extends QueryKey>({ query }: { query: PanelQuery<Insight[], K> }) {
  const t = useT();
  return (
    <Panel title={t('insights.title')}>
      <PanelBoundary pending={<PanelLoading label={t('insights.loading')} />}>
        <Insights query={query} />
      </PanelBoundary>
    </Panel>
  );
}

function Insights<K extends QueryKey>({ query }: { query: PanelQuery<Insight[], K> }) {
  const t = useT();
  const { data: insights } = useSuspenseQuery(query);
  return insights.length === 0 ? (
    <PanelEmpty icon={<LuBrainCircuit />} title={t('insights.empty')} />
  ) : (
    <Stack as="ul" gap="3" listStyleType="none">
      {insights.map((insight) => (
        <InsightCard key={insight.id} insight={insight} />
      ))}
    </Stack>
  );
}

/** One insight: title, description and, when there is one, the recommended action, in the reader's language. */
function InsightCard({ insight }: { insight: Insight }) {
  const t = useT();
  const textOf = useTextOf();
  const palette = insightPalette(insight.severity);
  const { texts } = insight;
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
              {textOf(texts.title)}
            </Text>
            {/* Severity in words as well as colour. */}
            <Badge size="sm" variant="outline">
              {severityLabel(insight.severity, t)}
            </Badge>
          </HStack>
          <Text textStyle="sm">{textOf(texts.description)}</Text>
          {texts.action && (
            <Text textStyle="sm" color="colorPalette.fg">
              <RichText
                id="insights.recommendedAction"
                values={{ action: textOf(texts.action) }}
                components={{ 0: <Text as="span" fontWeight="semibold" /> }}
              />
            </Text>
          )}
        </Stack>
      </HStack>
    </Box>
  );
}
