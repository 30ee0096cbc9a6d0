import { NavLink, Stack } from '@mantine/core';
import {
  IconBook,
  IconCalendar,
  IconFileText,
  IconLayoutDashboard,
  IconLink,
  IconMessageQuestion,
  IconPackage,
  IconSettings,
  IconStar,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

const entries = [
  { to: '/admin', label: 'Dashboard', icon: IconLayoutDashboard, exact: true },
  { to: '/admin/trainers', label: 'Trainers', icon: IconUsers, exact: false },
  { to: '/admin/documents', label: 'Documents', icon: IconFileText, exact: false },
  { to: '/admin/calendar', label: 'Calendar', icon: IconCalendar, exact: false },
  { to: '/admin/inventory', label: 'Inventory', icon: IconPackage, exact: false },
  { to: '/admin/knowledge', label: 'Knowledge base', icon: IconBook, exact: false },
  { to: '/admin/assistant/questions', label: 'Assistant questions', icon: IconMessageQuestion, exact: false },
  { to: '/admin/resources', label: 'Resources', icon: IconLink, exact: false },
  { to: '/admin/reviews', label: 'Reviews', icon: IconStar, exact: false },
  { to: '/admin/settings', label: 'Settings', icon: IconSettings, exact: false },
] as const;

export function AdminNavigation() {
  const { pathname } = useLocation();
  return (
    <Stack gap={4}>
      {entries.map(({ to, label, icon: Icon, exact }) => {
        const active = exact ? pathname === to || pathname === `${to}/` : pathname.startsWith(to);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="filled"
          />
        );
      })}
    </Stack>
  );
}
