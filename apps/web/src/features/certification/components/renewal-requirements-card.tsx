import { Alert, Button, Card, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  orderedRequirements,
  RENEWAL_REQUIREMENT_LABELS,
  RENEWAL_REQUIREMENTS,
  type RenewalRequirement,
} from '@soulpunch/shared';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useCertificationSettings, useSaveCertificationSettings } from '../api/certification-settings';
import { formatInstant } from '../format';

const listed = (keys: readonly RenewalRequirement[]) =>
  keys.length ? keys.map((k) => RENEWAL_REQUIREMENT_LABELS[k].toLowerCase()).join('; ') : 'nothing';

/**
 * Settings: what a trainer's renewal from the portal requires (RENEWAL_REQUIRES until an administrator saves a
 * choice). The fee is paid at the payment provider and renews at once; an admin's Renew needs only a reason.
 */
export function RenewalRequirementsCard() {
  const settings = useCertificationSettings();
  const save = useSaveCertificationSettings();
  const [chosen, setChosen] = useState<RenewalRequirement[] | null>(null);
  const current = settings.data;
  const value = chosen ?? current?.renewalRequires ?? [];
  const unchanged =
    current !== undefined && orderedRequirements(value).join() === current.renewalRequires.join();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="renewal-requirements-title"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="renewal-requirements-title">
            Certificate Renewal
          </Title>
          <Text size="sm" c="gray.7">
            What a trainer needs to renew from the portal once their certificate is due. Renewals done stay
            done; an admin can always renew with a reason from the trainer's page.
          </Text>
        </div>
        {settings.isPending && <Loader size="sm" aria-label="Loading the renewal requirements" />}
        {settings.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(settings.error)}
          </Alert>
        )}
        {current && (
          <form
            aria-labelledby="renewal-requirements-title"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(orderedRequirements(value), {
                onSuccess: () => {
                  setChosen(null);
                  notifications.show({
                    color: 'green',
                    title: 'Renewal requirements saved',
                    message: `Renewal now requires: ${listed(orderedRequirements(value))}.`,
                  });
                },
                onError: (error) =>
                  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
              });
            }}
          >
            <Stack gap="sm">
              <Checkbox.Group
                label="Renewal requires"
                description="None ticked: the trainer renews with one press."
                value={value}
                onChange={(keys) => setChosen(keys as RenewalRequirement[])}
              >
                <Stack gap="xs" mt="xs">
                  {RENEWAL_REQUIREMENTS.map((key) => (
                    <Checkbox key={key} value={key} label={RENEWAL_REQUIREMENT_LABELS[key]} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Text size="sm" c="gray.7">
                {current.updatedAt
                  ? `Last changed by ${current.updatedBy} on ${formatInstant(current.updatedAt)}.`
                  : `The server's default (RENEWAL_REQUIRES) applies: ${listed(current.defaultRenewalRequires)}.`}
              </Text>
              <Group>
                <Button type="submit" disabled={unchanged} loading={save.isPending}>
                  Save Requirements
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
