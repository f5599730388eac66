import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuTags } from 'react-icons/lu';
import { ticketCountText } from '#shared/messages.ts';
import { formatPercent } from '../../lib/format.ts';
import { Panel } from '../dashboard/Panel.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../dashboard/PanelStatus.tsx';
import { categoryUsageShares } from './analytics-format.ts';
import { categoryUsageQuery } from './queries.ts';

/** Tickets currently filed under each category, most used first, in the category's own colour. */
export function CategoryUsagePanel() {
  const usage = useQuery(categoryUsageQuery());

  return (
    <Panel title="Category Usage" description="Tickets currently filed under each category.">
      {usage.isPending ? (
        <PanelLoading label="Loading category usage…" />
      ) : usage.isError ? (
        <PanelError error={usage.error} onRetry={() => void usage.refetch()} />
      ) : usage.data.every((item) => item.count === 0) ? (
        <PanelEmpty icon={<LuTags />} title="No tickets are filed under a category yet." />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {categoryUsageShares(usage.data).map((item) => (
            <Stack as="li" key={item.category} gap="1" data-category={item.category}>
              <HStack justify="space-between" textStyle="sm" gap="3">
                <HStack gap="2" minW="0">
                  <Box boxSize="2.5" flexShrink={0} rounded="full" style={{ background: item.color }} aria-hidden />
                  <Text fontWeight="medium" truncate>
                    {item.displayName}
                  </Text>
                </HStack>
                <Text color="fg.muted" flexShrink={0}>
                  {ticketCountText(item.count)} ({formatPercent(item.percent)})
                </Text>
              </HStack>
              <Box h="1.5" rounded="full" bg="bg.muted" aria-hidden>
                <Box h="full" rounded="full" style={{ background: item.color, width: `${item.barPercent}%` }} />
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
