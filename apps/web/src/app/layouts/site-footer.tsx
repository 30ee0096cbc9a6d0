import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

const footerLinks = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/support', label: 'Support' },
] as const;

interface SiteFooterProps {
  /** Inside the admin shell the fixed sidebar covers the left edge, so the footer starts after it. */
  besideNavbar?: boolean;
}

export function SiteFooter({ besideNavbar = false }: SiteFooterProps) {
  return (
    <Box
      component="footer"
      px="md"
      py="lg"
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        marginInlineStart: besideNavbar ? 'var(--app-shell-navbar-offset, 0rem)' : undefined,
      }}
    >
      <Group justify="space-between" gap="sm">
        <Group component="nav" aria-label="Legal and support" gap="md">
          {footerLinks.map((link) => (
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
