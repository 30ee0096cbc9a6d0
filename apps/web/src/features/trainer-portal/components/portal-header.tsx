import { Button, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';

interface PortalHeaderProps {
  showAdminView: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

export function PortalHeader({ showAdminView, onLogout, loggingOut }: PortalHeaderProps) {
  return (
    <Paper component="header" withBorder radius={0} px="md" py="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h3">
          Trainer Portal
        </Title>
        <Group component="nav" aria-label="Trainer portal" gap="xs">
          <Button component={Link} to="/trainer-portal/profile" variant="default" size="sm">
            Profile
          </Button>
          <Button component={Link} to="/support" variant="default" size="sm">
            Help
          </Button>
          {showAdminView && (
            <Button component={Link} to="/admin" variant="default" size="sm">
              Admin View
            </Button>
          )}
          <Button onClick={onLogout} disabled={loggingOut} size="sm">
            Logout
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
