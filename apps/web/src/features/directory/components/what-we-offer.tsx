import { Box, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatUsd, PLANS } from '@soulpunch/shared';
import { Link } from 'react-router';

interface Offer {
  title: string;
  text: string;
  action: string;
  to: string;
}

/** The visitor landing's three doors: a trainer, a class, or becoming a trainer (the certification program). */
export function WhatWeOffer({ directory, classes }: { directory: string; classes: string }) {
  const offers: Offer[] = [
    {
      title: 'Find a certified trainer',
      text: 'Every Soul Punch trainer is background-checked and certified. See who teaches near you and get in touch.',
      action: 'Meet Our Trainers',
      to: directory,
    },
    {
      title: 'Take a class',
      text: "Two-hour basics, women's workshops, teen bootcamps, corporate and private sessions: register online in a minute.",
      action: 'See Upcoming Classes',
      to: classes,
    },
    {
      title: 'Become a trainer',
      text: `Our certification is a 6-week online course plus a 3-day in-person session, valid for 2 years: ${formatUsd(PLANS.full.amountCents)} in full or ${formatUsd(PLANS.flex.amountCents)} a month for ${PLANS.flex.instalments} months.`,
      action: 'Start Your Certification',
      to: '/onboarding/checkout',
    },
  ];
  return (
    <Box component="section" aria-labelledby="what-we-offer-title">
      <Title order={2} id="what-we-offer-title" mb="md">
        What Soul Punch Offers
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {offers.map((offer) => (
          <Paper key={offer.title} withBorder p="md" radius="md">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {offer.title}
                </Title>
                <Text size="sm" c="gray.7">
                  {offer.text}
                </Text>
              </Stack>
              <Button component={Link} to={offer.to} variant="light">
                {offer.action}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Box>
  );
}
