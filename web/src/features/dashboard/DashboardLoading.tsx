import { Text } from '@chakra-ui/react';
import { MESSAGES } from '#shared/messages.ts';

/** 'Loading dashboard...' (docs/product.md §2), announced to screen readers. */
export function DashboardLoading() {
  return (
    <Text role="status" color="fg.muted" py="8">
      {MESSAGES.loadingDashboard}
    </Text>
  );
}
