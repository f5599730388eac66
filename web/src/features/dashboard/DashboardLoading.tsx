import { Text } from '@chakra-ui/react';
import { useT } from '../../i18n/react.tsx';

/** 'Loading dashboard...' (docs/product.md §2), announced to screen readers. */
export function DashboardLoading() {
  const t = useT();
  return (
    <Text role="status" color="fg.muted" py="8">
      {t('dashboard.loading')}
    </Text>
  );
}
