import { Anchor, Box, type BoxProps, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pageBrand } from '@/lib/brand';

export interface FooterLink {
  to: string;
  label: string;
}

interface PageFooterProps extends Pick<BoxProps, 'mt'> {
  links: readonly FooterLink[];
  /** Inside the admin shell the fixed sidebar covers the left edge, so the footer starts after it. */
  besideNavbar?: boolean;
}

/** The footer bar every page uses: legal and support links, and the copyright line. */
export function PageFooter({ links, besideNavbar = false, mt }: PageFooterProps) {
  return (
    <Box
      component="footer"
      px="md"
      py="lg"
      mt={mt}
      style={{
        borderTop: '1px solid var(--mantine-color-gray-3)',
        marginInlineStart: besideNavbar ? 'var(--app-shell-navbar-offset, 0rem)' : undefined,
      }}
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
          {/* The UTC year: the server's page and the browser's first render agree in any zone at New Year. */}
          © {new Date().getUTCFullYear()} {pageBrand().name}
        </Text>
      </Group>
    </Box>
  );
}
