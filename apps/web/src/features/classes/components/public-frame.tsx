import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicHeader } from '@/components/public-header';

/** The classes pages live inside the site (/classes) and on the visitors' side (/public/...). */
export type ClassesVariant = 'site' | 'public';

const legalLinks = [
  { to: '/terms-of-service-public', label: 'Terms of Service' },
  { to: '/privacy-policy-public', label: 'Privacy Policy' },
  { to: '/support-public', label: 'Support' },
];

interface PublicFrameProps {
  back: { to: string; label: string };
  variant: ClassesVariant;
  /**
   * The site footer is hidden on /public pages (shell rules), so those pages bring the legal links themselves.
   */
  withLegalLinks?: boolean;
  children: ReactNode;
}

/** The visitor pages about classes: the brand header, a way back, the class views, the content, and Trainer Login. */
export function PublicFrame({ back, variant, withLegalLinks = false, children }: PublicFrameProps) {
  return (
    <>
      <PublicHeader variant={variant} />
      <Container size="lg" py="lg">
        <Group justify="space-between" wrap="wrap" gap="sm" mb="lg">
          <Anchor component={Link} to={back.to} size="sm">
            <Group component="span" gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden="true" />
              {back.label}
            </Group>
          </Anchor>
          <Group component="nav" aria-label="Classes" gap="md">
            <Anchor component={Link} to={variant === 'public' ? '/public/classes' : '/classes'} size="sm">
              Classes
            </Anchor>
            <Anchor component={Link} to="/public-calendar" size="sm">
              Class Calendar
            </Anchor>
          </Group>
        </Group>
        {children}
      </Container>
      {/* Inside <main>, so a plain block: the page's contentinfo landmark is the site footer's. */}
      <Box px="md" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" gap="sm">
          <Group component="nav" aria-label="Classes footer" gap="md">
            {withLegalLinks &&
              legalLinks.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm">
                  {link.label}
                </Anchor>
              ))}
            <Anchor component={Link} to="/trainer-portal/login" size="sm">
              Trainer Login
            </Anchor>
          </Group>
          {withLegalLinks && (
            <Text size="sm" c="gray.7">
              {/* The UTC year: the server's page and the browser's first render agree in any zone at New Year. */}
              © {new Date().getUTCFullYear()} Soul Punch
            </Text>
          )}
        </Group>
      </Box>
    </>
  );
}
