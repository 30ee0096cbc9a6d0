// Only signed-in people see this frame: it brings all of Mantine's styles (app/public-styles.ts).
import '../all-styles';
import {
  Alert,
  AppShell,
  Avatar,
  Burger,
  Button,
  type ButtonProps,
  Group,
  Image,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye, IconLogout } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useCanChangeAdminArea, useSession } from '@/features/auth';
import { pageBrand } from '@/lib/brand';
import { useSignOut } from '../routes/use-sign-out';
import { adminTitleFor } from '../shell-rules';
import { AdminNavigation } from './admin-navigation';

/** Ends the session on the server and lands on the sign-in page, as the portal's Logout does. */
function LogoutButton(props: ButtonProps) {
  const { signOut, signingOut } = useSignOut();
  return (
    <Button
      onClick={() => signOut()}
      disabled={signingOut}
      size="sm"
      leftSection={<IconLogout size={16} aria-hidden />}
      {...props}
    >
      Logout
    </Button>
  );
}

function SignedInAdministrator() {
  const session = useSession();
  const user = session.data?.user;
  if (!user) return null;
  return (
    <AppShell.Section pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="sm" wrap="nowrap">
        <Avatar radius="xl" color="blue" variant="filled">
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {user.name}
          </Text>
          <Text size="xs" c="gray.7" truncate>
            {user.email}
          </Text>
        </Stack>
      </Group>
      {/* The phone's menu: the header has no room for it there. */}
      <LogoutButton hiddenFrom="sm" variant="default" fullWidth mt="sm" />
    </AppShell.Section>
  );
}

/** The way back to the portal for an administrator who is also a trainer (the other half of 'Admin View'). */
function TrainerViewButton() {
  const session = useSession();
  if (!session.data?.user?.roles.includes('trainer')) return null;
  return (
    <Button component={Link} to="/trainer-portal/dashboard" variant="default" size="sm">
      Trainer View
    </Button>
  );
}

/** Staff see every admin page but change nothing: said once, above every page, so a missing button is explained. */
function ViewOnlyNotice() {
  const canChange = useCanChangeAdminArea();
  const session = useSession();
  if (canChange || !session.data?.user) return null;
  return (
    <Alert color="gray" variant="light" mb="md" title="View only" icon={<IconEye size={18} aria-hidden />}>
      You have staff access: you can see everything in the admin area, and an administrator makes the changes.
    </Alert>
  );
}

interface AdminShellProps {
  children: ReactNode;
  footer?: ReactNode;
}

export function AdminShell({ children, footer }: AdminShellProps) {
  const [navbarOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // A phone-sized sidebar covers the page; picking an entry should reveal the page it opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger
            opened={navbarOpen}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={navbarOpen ? 'Close navigation' : 'Open navigation'}
          />
          <Image
            src={pageBrand().logoUrl ?? '/favicon.svg'}
            alt=""
            h={32}
            w={pageBrand().logoUrl ? 'auto' : 32}
            visibleFrom="xs"
          />
          <Text fw={700} size="lg" truncate style={{ flex: 1, minWidth: 0 }}>
            {adminTitleFor(pathname)}
          </Text>
          <TrainerViewButton />
          <LogoutButton visibleFrom="sm" />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Admin">
        <AppShell.Section grow>
          <AdminNavigation />
        </AppShell.Section>
        <SignedInAdministrator />
      </AppShell.Navbar>
      <AppShell.Main>
        <ViewOnlyNotice />
        {children}
      </AppShell.Main>
      {footer}
    </AppShell>
  );
}
