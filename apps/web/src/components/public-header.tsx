import { Button, Group, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { Island } from '@/islands/island';
import { BrandMark } from './brand-mark';
import { ContactUsButton } from './contact-us-button';

/**
 * Visitor pages live twice: inside the site (/find-trainer, /classes) and on the visitors' side (/public/...),
 * whose links stay under /public.
 */
export type PublicVariant = 'site' | 'public';

const publicPaths = {
  site: { home: '/find-trainer', directory: '/find-trainer', classes: '/classes' },
  public: { home: '/public', directory: '/public/find-trainer', classes: '/public/classes' },
} as const;

/** The visitor pages' header: brand, the way to the directory and classes, trainer log-in, Contact Us. */
export function PublicHeader({ variant }: { variant: PublicVariant }) {
  const paths = publicPaths[variant];
  return (
    <Paper component="header" withBorder radius={0} px="md" py="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <BrandMark to={paths.home} tagline="Certified Self-Defense Trainers" />
        <Group component="nav" aria-label="Visitor" gap="xs">
          <Button component={Link} to={paths.directory} variant="subtle" size="sm">
            Find a Trainer
          </Button>
          <Button component={Link} to={paths.classes} variant="subtle" size="sm">
            Classes
          </Button>
          <Button component={Link} to="/trainer-portal/login" variant="subtle" size="sm">
            Trainer Login
          </Button>
          <Island name="contact-us" component={ContactUsButton} props={{ size: 'sm' }} />
        </Group>
      </Group>
    </Paper>
  );
}
