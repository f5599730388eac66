import { Card, HStack, Icon, Stat } from '@chakra-ui/react';
import { useId } from 'react';
import type { IconType } from 'react-icons';

interface StatCardProps {
  label: string;
  value: string | number;
  icon: IconType;
  /** A short note under the figure, e.g. what it is measured over. */
  hint?: string;
}

/** One headline figure of a management page, exposed as a group named by its label. */
export function StatCard({ label, value, icon, hint }: StatCardProps) {
  const labelId = useId();
  return (
    <Card.Root size="sm" role="group" aria-labelledby={labelId}>
      <Card.Body>
        {/* The icon stays outside the stat: its definition list may hold only the term and its values. */}
        <HStack align="start" justify="space-between" gap="3">
          <Stat.Root minW="0">
            <Stat.Label id={labelId}>{label}</Stat.Label>
            <Stat.ValueText truncate>{value}</Stat.ValueText>
            {hint && <Stat.HelpText as="dd">{hint}</Stat.HelpText>}
          </Stat.Root>
          <Icon as={icon} boxSize="4" color="fg.muted" aria-hidden />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
