import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuTags } from 'react-icons/lu';
import { useT } from '../../i18n/react.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { Panel } from '../../components/panels/Panel.tsx';
import { PanelBoundary, PanelEmpty, PanelLoading } from '../../components/panels/PanelStatus.tsx';
import { categoryUsageShares } from './analytics-format.ts';
import { categoryUsageQuery } from './queries.ts';

/** Tickets currently filed under each category, most used first, in the category's own colour. */
export function CategoryUsagePanel() {
  const t = useT();
  return (
    <Panel title={t('categoryUsage.title')} description={t('categoryUsage.description')}>
      <PanelBoundary pending={<PanelLoading label={t('categoryUsage.loading')} />}>
        <CategoryUsageList />
      </PanelBoundary>
    </Panel>
  );
}

function CategoryUsageList() {
  const t = useT();
  const format = useFormat();
  const { data: usage } = useSuspenseQuery(categoryUsageQuery());
  if (usage.every((item) => item.count === 0)) {
    return <PanelEmpty icon={<LuTags />} title={t('categoryUsage.empty')} />;
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none">
      {categoryUsageShares(usage).map((item) => (
        <Stack as="li" key={item.category} gap="1" data-category={item.category}>
          <HStack justify="space-between" textStyle="sm" gap="3">
            <HStack gap="2" minW="0">
              <Box boxSize="2.5" flexShrink={0} rounded="full" style={{ background: item.color }} aria-hidden />
              <Text fontWeight="medium" truncate>
                {item.displayName}
              </Text>
            </HStack>
            <Text color="fg.muted" flexShrink={0}>
              {t('categoryUsage.share', {
                tickets: t('categories.ticketCount', { count: item.count }),
                share: format.percent(item.percent),
              })}
            </Text>
          </HStack>
          <Box h="1.5" rounded="full" bg="bg.muted" aria-hidden>
            <Box h="full" rounded="full" style={{ background: item.color, width: `${item.barPercent}%` }} />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
