import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: string;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
}

/** The heading row every signed-in page starts with; the page's only h1. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="4" mb="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {actions}
    </Stack>
  );
}
