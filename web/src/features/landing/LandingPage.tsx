import { Box, Button, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChartLine, LuLifeBuoy, LuPhoneCall, LuRefreshCw, LuSparkles, LuUsers } from 'react-icons/lu';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { useT } from '../../i18n/react.tsx';
import { useSession } from '../../lib/router-context.ts';

/** The product's features as docs/product.md §1 lists them. */
const FEATURES: { icon: IconType; title: MessageKey; description: MessageKey }[] = [
  { icon: LuUsers, title: 'landing.multiRole.title', description: 'landing.multiRole.description' },
  { icon: LuRefreshCw, title: 'landing.roundRobin.title', description: 'landing.roundRobin.description' },
  { icon: LuChartLine, title: 'landing.analytics.title', description: 'landing.analytics.description' },
  { icon: LuSparkles, title: 'landing.insights.title', description: 'landing.insights.description' },
  { icon: LuPhoneCall, title: 'landing.directTickets.title', description: 'landing.directTickets.description' },
];

/** Marketing page at `/landing`. */
export function LandingPage() {
  const t = useT();
  const session = useSession();
  return (
    <Box as="main" minH="100dvh" bg="bg.subtle" py={{ base: '12', md: '20' }}>
      <Container maxW="5xl">
        <Stack gap="6" align="center" textAlign="center" mb="14">
          <Icon as={LuLifeBuoy} boxSize="12" color="blue.solid" aria-hidden />
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
            {t('brand.name')}
          </Heading>
          <Text fontSize="lg" color="fg.muted" maxW="2xl">
            {t('landing.tagline')}
          </Text>
          <Button size="lg" colorPalette="blue" onClick={() => session.signIn()}>
            {t('landing.signIn')}
          </Button>
        </Stack>
        <Heading as="h2" size="xl" textAlign="center" mb="6">
          {t('landing.features')}
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {FEATURES.map((feature) => (
            <Stack as="li" key={feature.title} gap="2" p="5" bg="bg" borderWidth="1px" rounded="lg">
              <Icon as={feature.icon} boxSize="6" color="blue.solid" aria-hidden />
              <Heading as="h3" size="md">
                {t(feature.title)}
              </Heading>
              <Text color="fg.muted">{t(feature.description)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
