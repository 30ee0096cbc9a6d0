import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { renewalDateFor, renewalState, SUPPORT_EMAIL, type TrainerProfileData } from '@soulpunch/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDay, todayOnThisDevice } from '../../format';

const RENEWAL_MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Certification renewal')}`;

/**
 * A certification past its renewal date, or within 60 days of it, says so on the dashboard with the way to renew
 * (support gives the current requirements; the trainer then records the new date on the profile).
 */
export function RenewalNotice({
  profile,
  today = todayOnThisDevice(),
}: {
  profile: TrainerProfileData | undefined;
  today?: string;
}) {
  const renewalDate = renewalDateFor(profile?.trainingDate ?? null, profile?.renewalDate ?? null);
  const state = renewalState(renewalDate, today);
  if (state !== 'lapsed' && state !== 'due') return null;
  const day = formatDay(renewalDate);
  const lapsed = state === 'lapsed';
  return (
    <Alert
      color={lapsed ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title={lapsed ? 'Your certification has lapsed' : 'Your certification renewal is due'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {lapsed
            ? `Your certification lapsed on ${day}. Renew it to keep teaching as a Soul Punch Certified Trainer.`
            : `Your certification is due for renewal on ${day}. Renew it before then to keep teaching as a Soul Punch Certified Trainer.`}
        </Text>
        <Text size="sm">
          To renew, write to {SUPPORT_EMAIL} for the current renewal requirements (refresher training, an
          assessment and a renewal fee may apply). Once renewed, enter your next renewal date on your profile.
        </Text>
        <Group gap="sm">
          <Button component="a" href={RENEWAL_MAILTO} color={lapsed ? 'red.9' : undefined} size="sm">
            Email Support to Renew
          </Button>
          <Button component={Link} to="/trainer-portal/profile" variant="default" size="sm">
            Update Renewal Date
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
