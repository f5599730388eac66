import { Chart, useChart } from '@chakra-ui/charts';
import { Box, HStack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { VolumeData } from '#shared/schemas/dashboard.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';

/** The room a day's label takes under the chart, gap included: 'Nov 22', '22. Nov.' or '11月22日' at 12 px. */
const DAY_LABEL_PX = 64;
/** The chart's width beside its left margin and the count labels. */
const PLOT_INSET_PX = 40;

/** What recharts gives an axis label: where it goes, and how it is anchored there. */
interface AxisLabelProps {
  x: number | string;
  y: number | string;
  textAnchor: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor: 'start' | 'middle' | 'end';
  text: string;
}

/** How far a label moves down from its anchor point, as recharts' own labels do. */
const ANCHOR_SHIFT = { start: '0.71em', middle: '0.355em', end: '0' } as const;

/**
 * An axis label as a single SVG text. Recharts' own label component measures each word in the page to wrap it, which
 * forces a layout of the whole page per label; these labels are a date or a count and never wrap.
 */
function AxisLabel({ x, y, textAnchor, verticalAnchor, text }: AxisLabelProps) {
  return (
    <text
      x={x}
      y={y}
      dy={ANCHOR_SHIFT[verticalAnchor]}
      textAnchor={textAnchor}
      className="recharts-cartesian-axis-tick-value"
    >
      {text}
    </text>
  );
}

/** The grid draws horizontal lines only: no vertical positions to work out. */
const noVerticalLines = () => [];

interface Size {
  width: number;
  height: number;
}

/**
 * The element's size, as a ResizeObserver reports it after each layout; null until the first report. Recharts'
 * `responsive` option reads the size itself as the chart mounts, a forced layout of the whole page.
 */
function useObservedSize(): [Size | null, (element: HTMLElement | null) => void] {
  const [size, setSize] = useState<Size | null>(null);
  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.round(entry.contentRect.width);
      const height = Math.round(entry.contentRect.height);
      setSize((previous) => (previous?.width === width && previous.height === height ? previous : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [size, observe];
}

/**
 * The drawn series of created and resolved tickets per day. Loaded lazily (recharts is most of its weight) and
 * hidden from assistive technology: VolumeTrend renders the same figures as a table for them.
 *
 * Drawn without measuring text in the page (ADR 101, "The volume chart"): every axis has a fixed tick interval, its
 * labels are plain SVG texts, and the legend is markup beside the chart. Recharts otherwise measures each label and
 * the legend box with a forced layout of the whole page, and draws the chart again with what it measured.
 */
export default function VolumeChart({ data }: { data: VolumeData }) {
  const t = useT();
  const format = useFormat();
  const chart = useChart({
    data,
    series: [
      { name: 'created', label: t('volume.created'), color: 'blue.solid' },
      { name: 'resolved', label: t('volume.resolved'), color: 'green.solid' },
    ],
  });
  const [size, observe] = useObservedSize();
  // As many evenly spaced day labels as the width holds: every day of a week on a laptop, every other on a phone.
  const dayLabels = Math.max(2, Math.floor(((size?.width ?? 0) - PLOT_INSET_PX) / DAY_LABEL_PX));
  const dayInterval = Math.max(0, Math.ceil(data.length / dayLabels) - 1);

  return (
    <Box aria-hidden>
      <Box ref={observe} h={{ base: '48', lg: '56' }}>
        {size && (
          <Chart.Root chart={chart} aspectRatio="auto" h="full">
            {/* No accessibility layer: it would make a focusable element inside an aria-hidden tree. */}
            <AreaChart
              data={chart.data}
              width={size.width}
              height={size.height}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, left: -16 }}
            >
              <CartesianGrid
                stroke={chart.color('border.muted')}
                vertical={false}
                verticalCoordinatesGenerator={noVerticalLines}
              />
              <XAxis
                dataKey={chart.key('date')}
                tick={(tick) => <AxisLabel {...tick} text={format.day(String(tick.payload.value))} />}
                axisLine={false}
                tickLine={false}
                interval={dayInterval}
              />
              <YAxis
                allowDecimals={false}
                axisLine={false}
                tickLine={false}
                interval={0}
                tick={(tick) => <AxisLabel {...tick} text={format.number(Number(tick.payload.value))} />}
              />
              <Tooltip
                cursor={{ stroke: chart.color('border') }}
                animationDuration={100}
                labelFormatter={(label) => format.day(String(label))}
                content={<Chart.Tooltip />}
              />
              {chart.series.map((item) => (
                <Area
                  key={item.name}
                  type="monotone"
                  isAnimationActive={false}
                  dataKey={chart.key(item.name)}
                  name={item.name}
                  stroke={chart.color(item.color)}
                  fill={chart.color(item.color)}
                  fillOpacity={0.15}
                  strokeWidth={2}
                />
              ))}
            </AreaChart>
          </Chart.Root>
        )}
      </Box>
      <HStack justify="center" gap="4" mt="2">
        {chart.series.map((item) => (
          <HStack key={item.name} gap="1.5">
            <Box boxSize="2.5" rounded="full" bg={item.color} />
            <Text textStyle="xs" color="fg.muted">
              {item.label}
            </Text>
          </HStack>
        ))}
      </HStack>
    </Box>
  );
}
