import { Box, Button, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconMapPin,
  IconMessageCircle,
  IconSchool,
  IconSearch,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { POPULAR_LOCATIONS, popularLocationPath } from '../directory-filters';
import classes from './directory-card.module.css';

const steps = [
  {
    title: 'Search',
    text: 'Find certified trainers near you by location, specialty or availability.',
    icon: IconSearch,
  },
  {
    title: 'Book',
    text: 'Register for a class or workshop that fits your schedule.',
    icon: IconCalendarEvent,
  },
  {
    title: 'Connect',
    text: 'Reach your trainer directly with any questions before you start.',
    icon: IconMessageCircle,
  },
  {
    title: 'Learn',
    text: 'Build the awareness, confidence and skills to keep yourself safe.',
    icon: IconSchool,
  },
] as const;

export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-it-works-title">
      <Title order={2} id="how-it-works-title" mb="md">
        How It Works
      </Title>
      <div className={classes.steps}>
        {steps.map(({ title, text, icon: Icon }) => (
          <div key={title} className={classes.panel}>
            <Stack gap="xs">
              <span className={classes.stepIcon} aria-hidden="true">
                <Icon size={20} />
              </span>
              <Title order={3} size="h4">
                {title}
              </Title>
              <Text size="sm" c="gray.7">
                {text}
              </Text>
            </Stack>
          </div>
        ))}
      </div>
    </Box>
  );
}

/** Spec: each popular city opens the public directory filtered to it. */
export function PopularLocations() {
  return (
    <Box component="section" aria-labelledby="popular-locations-title">
      <Title order={2} id="popular-locations-title" mb="md">
        Popular Locations
      </Title>
      <div className={classes.places}>
        {POPULAR_LOCATIONS.map((city) => (
          <Button
            key={city}
            component={Link}
            to={popularLocationPath(city)}
            variant="light"
            leftSection={<IconMapPin size={16} aria-hidden="true" />}
          >
            {city}
          </Button>
        ))}
      </div>
    </Box>
  );
}
