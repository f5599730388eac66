import { Chart, useChart } from '@chakra-ui/charts';
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { VolumeData } from '#shared/schemas/dashboard.ts';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';

/**
 * The drawn series of created and resolved tickets per day. Loaded lazily (recharts is most of its weight) and
 * hidden from assistive technology: VolumeTrend renders the same figures as a table for them.
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

  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={{ base: '56', lg: '64' }} aria-hidden>
      {/* No accessibility layer: it would make a focusable element inside an aria-hidden tree. */}
      <AreaChart data={chart.data} responsive accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('date')}
          tickFormatter={(day: string) => format.day(day)}
          axisLine={false}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          axisLine={false}
          tickLine={false}
          tickFormatter={(count: number) => format.number(count)}
        />
        <Tooltip
          cursor={{ stroke: chart.color('border') }}
          animationDuration={100}
          labelFormatter={(label) => format.day(String(label))}
          content={<Chart.Tooltip />}
        />
        <Legend content={<Chart.Legend />} />
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
  );
}
