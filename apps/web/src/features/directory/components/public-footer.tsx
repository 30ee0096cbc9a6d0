import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { directoryPaths } from '../paths';

/**
 * The footer of the /public pages, where the site's own footer is hidden (shell rules): the '-public' legal
 * pages and the trainers' log-in.
 */
export function PublicFooter() {
  const paths = directoryPaths('public');
  const links = [
    { to: paths.terms, label: 'Terms of Service' },
    { to: paths.privacy, label: 'Privacy Policy' },
    { to: paths.support, label: 'Support' },
    { to: paths.trainerLogin, label: 'Trainer Login' },
  ];
  return (
    <Box
      component="footer"
      px="md"
      py="lg"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" gap="sm">
        <Group component="nav" aria-label="Legal and support" gap="md">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
        <Text size="sm" c="gray.7">
          © 2025 Soul Punch
        </Text>
      </Group>
    </Box>
  );
}
