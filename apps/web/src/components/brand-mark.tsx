import { Anchor, Box, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pageBrand } from '@/lib/brand';

interface BrandMarkProps {
  /** Where the logo leads: the visitors' home, or the dashboard inside the portal. */
  to: string;
  /** The line under the name, e.g. 'Certified Self-Defense Trainers'. */
  tagline: string;
}

/** The logo and name every header starts with; it leads home. */
export function BrandMark({ to, tagline }: BrandMarkProps) {
  const brand = pageBrand();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit">
      <Group gap="xs" wrap="nowrap">
        <Image src={brand.logoUrl ?? '/favicon.svg'} alt="" h={36} w={brand.logoUrl ? 'auto' : 36} />
        <Box>
          <Text fw={800} size="lg" lh={1.1}>
            {brand.name}
          </Text>
          <Text size="xs" c="gray.7" lh={1.1}>
            {tagline}
          </Text>
        </Box>
      </Group>
    </Anchor>
  );
}
