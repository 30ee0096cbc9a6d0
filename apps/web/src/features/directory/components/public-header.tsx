import { Anchor, Box, Button, Group, Image, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type DirectoryVariant, directoryPaths } from '../paths';
import { ContactUsButton } from './contact-us-button';

/** The visitor pages' header: brand, the way to the directory and classes, trainer log-in, Contact Us. */
export function PublicHeader({ variant }: { variant: DirectoryVariant }) {
  const paths = directoryPaths(variant);
  return (
    <Paper component="header" withBorder radius={0} px="md" py="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to={paths.home} underline="never" c="inherit">
          <Group gap="xs" wrap="nowrap">
            <Image src="/favicon.svg" alt="" w={36} h={36} />
            <Box>
              <Text fw={800} size="lg" lh={1.1}>
                Soul Punch
              </Text>
              <Text size="xs" c="gray.7" lh={1.1}>
                Certified Self-Defense Trainers
              </Text>
            </Box>
          </Group>
        </Anchor>
        <Group component="nav" aria-label="Visitor" gap="xs">
          <Button component={Link} to={paths.directory} variant="subtle" size="sm">
            Find a Trainer
          </Button>
          <Button component={Link} to={paths.classes} variant="subtle" size="sm">
            Classes
          </Button>
          <Button component={Link} to={paths.trainerLogin} variant="subtle" size="sm">
            Trainer Login
          </Button>
          <ContactUsButton size="sm" />
        </Group>
      </Group>
    </Paper>
  );
}
