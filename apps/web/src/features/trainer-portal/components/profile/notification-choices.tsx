import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  TRAINER_NOTIFICATION_KINDS,
  TRAINER_NOTIFICATION_LABELS,
  type TrainerNotificationKind,
} from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { useNotificationChoices } from '@/lib/notification-preferences';

/**
 * The trainer's own e-mails about their classes and calendar: each on (sent at once) or off, saved when switched.
 * Separate from the profile form: nothing here waits for its Save.
 */
export function NotificationChoices() {
  const { shown, choose, saving } = useNotificationChoices();
  const trainer = shown?.trainer;
  if (!trainer) return null;

  function toggle(kind: TrainerNotificationKind, on: boolean) {
    choose(
      { trainer: { [kind]: on ? 'immediately' : 'off' } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Notification saved',
            message: `${TRAINER_NOTIFICATION_LABELS[kind]}: ${on ? 'e-mailed at once' : 'off'}.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notification-choices-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="notification-choices-title">
            E-mail notifications
          </Title>
          <Text size="sm" c="gray.7">
            E-mails about your classes and consultations. Payment, document and certification e-mails always
            come.
          </Text>
        </div>
        {TRAINER_NOTIFICATION_KINDS.map((kind) => (
          <Switch
            key={kind}
            label={TRAINER_NOTIFICATION_LABELS[kind]}
            checked={trainer[kind] === 'immediately'}
            disabled={saving}
            onChange={(event) => toggle(kind, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Paper>
  );
}
