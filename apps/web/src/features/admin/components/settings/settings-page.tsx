import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useCanChangeAdminArea } from '@/features/auth';
import { RenewalRequirementsCard } from '@/features/certification';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddTrainerCard } from './add-trainer-card';
import { AdministratorsCard, StaffCard } from './administrators-card';
import { BrandingCard } from './branding-card';
import { IntegrationsCard } from './integrations-card';
import { NotificationsCard } from './notifications-card';
import { RoleHistoryCard } from './role-history-card';

/**
 * Spec 2.5's Settings, built: accounts and permissions, notification preferences, branding, integrations; and what
 * a certificate's renewal requires.
 */
const TABS = [
  { value: 'accounts', label: 'Accounts' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'branding', label: 'Branding' },
  { value: 'integrations', label: 'Integrations' },
  { value: 'certification', label: 'Certification' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export function SettingsPage() {
  useDocumentTitle('Settings | Soul Punch Admin');
  const canChange = useCanChangeAdminArea();
  // The tab is in the address, so a reload or a shared link opens it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : 'accounts';
  return (
    <Stack gap="lg">
      <Title order={1}>Settings</Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'accounts' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="lg">
          <Stack gap="lg">
            {canChange && <AddTrainerCard />}
            <AdministratorsCard />
            <StaffCard />
            <RoleHistoryCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="lg">
          <NotificationsCard />
        </Tabs.Panel>
        <Tabs.Panel value="branding" pt="lg">
          <BrandingCard />
        </Tabs.Panel>
        <Tabs.Panel value="integrations" pt="lg">
          <IntegrationsCard />
        </Tabs.Panel>
        <Tabs.Panel value="certification" pt="lg">
          <RenewalRequirementsCard />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
