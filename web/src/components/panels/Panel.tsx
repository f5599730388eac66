import { Card, Flex, HStack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

interface PanelProps {
  title: string;
  /** Beside the title: a count badge, a status badge. */
  badge?: ReactNode;
  /** At the right of the header: Refresh, View All, a period selector. */
  actions?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  children: ReactNode;
}

/** One panel of the dashboard or AI Analytics: a card that is a landmark section named by its h2 title. */
export function Panel({ title, badge, actions, description, children }: PanelProps) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} size="sm" h="full">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="2">
            <Card.Title as="h2" id={titleId} textStyle="lg">
              {title}
            </Card.Title>
            {badge}
          </HStack>
          {actions}
        </Flex>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
