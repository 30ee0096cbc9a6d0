import { Button, Group, Paper, Title } from '@mantine/core';
import { IconCalendar, IconHelp, IconLayoutDashboard, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';

export const PORTAL_DASHBOARD_PATH = '/trainer-portal/dashboard';

const entries = [
  { to: '/trainer-portal/profile', label: 'Profile', icon: IconUser },
  { to: '/trainer-portal/calendar', label: 'Calendar', icon: IconCalendar },
] as const;

function isDashboard(pathname: string): boolean {
  return /^\/trainer-portal(\/dashboard)?\/?$/.test(pathname);
}

interface PortalHeaderProps {
  showAdminView: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

/** One header on every portal screen (issue #14): the logo, then the way to each screen, Help and Logout. */
export function PortalHeader({ showAdminView, onLogout, loggingOut }: PortalHeaderProps) {
  const { pathname } = useLocation();
  const onDashboard = isDashboard(pathname);
  const current = (to: string) => (pathname.startsWith(to) ? 'page' : undefined);
  return (
    <Paper component="header" withBorder radius={0} px="md" py="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md" wrap="nowrap">
          <BrandMark to={PORTAL_DASHBOARD_PATH} tagline="Trainer Portal" />
          {/* The dashboard's own title is the header's; every other screen has its own h1. */}
          {onDashboard && (
            <Title order={1} size="h3">
              Trainer Portal
            </Title>
          )}
        </Group>
        <Group component="nav" aria-label="Trainer portal" gap={6}>
          {!onDashboard && (
            <Button
              component={Link}
              to={PORTAL_DASHBOARD_PATH}
              variant="default"
              size="sm"
              leftSection={<IconLayoutDashboard size={16} aria-hidden />}
            >
              Dashboard
            </Button>
          )}
          {entries.map(({ to, label, icon: Icon }) => (
            <Button
              key={to}
              component={Link}
              to={to}
              aria-current={current(to)}
              variant={current(to) ? 'filled' : 'default'}
              size="sm"
              leftSection={<Icon size={16} aria-hidden />}
            >
              {label}
            </Button>
          ))}
          <Button
            component={Link}
            to="/support"
            state={{ fromPortal: true }}
            aria-current={current('/support')}
            variant={current('/support') ? 'filled' : 'default'}
            size="sm"
            leftSection={<IconHelp size={16} aria-hidden />}
          >
            Help
          </Button>
          {showAdminView && (
            <Button component={Link} to="/admin" variant="default" size="sm">
              Admin View
            </Button>
          )}
          <Button
            onClick={onLogout}
            disabled={loggingOut}
            size="sm"
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            Logout
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
