import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { RenewalRequirementsCard } from '@/features/certification';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddTrainerCard } from './add-trainer-card';
import { AdministratorsCard } from './administrators-card';

/**
 * Spec 2.5's Settings. Its first planned feature, user accounts and permissions, works (trainers are added and
 * administrators managed here): only the settings still being built carry the 'Coming Soon' badge.
 */
const PLANNED = ['Notification preferences', 'External integrations', 'Branding'] as const;

export function SettingsPage() {
  useDocumentTitle('Settings | Soul Punch Admin');
  return (
    <Stack gap="lg">
      <Title order={1}>Settings</Title>
      <AddTrainerCard />
      <AdministratorsCard />
      <RenewalRequirementsCard />
      <Paper withBorder p="xl" radius="md" component="section" aria-labelledby="planned-settings-title">
        <Stack gap="sm">
          <Group gap="sm">
            <Title order={2} size="h3" id="planned-settings-title">
              Module In Development
            </Title>
            <Badge color="blue" variant="filled">
              Coming Soon
            </Badge>
          </Group>
          <Text c="gray.7">These settings are being built. Planned features:</Text>
          <List>
            {PLANNED.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
    </Stack>
  );
}
