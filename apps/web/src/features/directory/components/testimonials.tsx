import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { Testimonial } from '@soulpunch/shared';
import { ReviewStars } from './star-rating';

/** The reviews the trainer chose to feature, from people who attended their classes (first names only). */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  if (!testimonials.length) return null;
  return (
    <Box component="section" aria-labelledby="testimonials-title">
      <Title order={2} size="h4" mb="xs" id="testimonials-title">
        What students say
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {testimonials.map((t) => (
          <Paper key={t.id} component="li" withBorder radius="md" p="md">
            <Stack gap={6}>
              <ReviewStars stars={t.stars} />
              <Text component="blockquote" m={0} fs="italic">
                “{t.comment}”
              </Text>
              <Text size="sm" c="gray.7">
                {t.reviewerName}, {t.classTitle}, {t.date}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
