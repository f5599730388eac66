import { Card, HStack, Icon, Stat } from '@chakra-ui/react';
import type { IconType } from 'react-icons';

interface StatCardProps {
  label: string;
  value: string | number;
  icon: IconType;
  /** A short note under the figure, e.g. what it is measured over. */
  hint?: string;
}

/** One headline figure of a management page. */
export function StatCard({ label, value, icon, hint }: StatCardProps) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <HStack justify="space-between">
            <Stat.Label>{label}</Stat.Label>
            <Icon as={icon} boxSize="4" color="fg.muted" aria-hidden />
          </HStack>
          <Stat.ValueText truncate>{value}</Stat.ValueText>
          {hint && <Stat.HelpText>{hint}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
