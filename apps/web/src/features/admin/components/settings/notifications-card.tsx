import { Card, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  STAFF_NOTIFICATION_KINDS,
  STAFF_NOTIFICATION_LABELS,
  type StaffDelivery,
  type StaffNotificationKind,
} from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { useNotificationChoices } from '@/lib/notification-preferences';

const DELIVERY_LABELS: Record<StaffDelivery, string> = {
  immediately: 'Immediately',
  daily_digest: 'Daily digest',
  off: 'Off',
};

/** The signed-in person's own choices (staff choose theirs too): each saved as soon as it is picked. */
export function NotificationsCard() {
  const { preferences, shown, choose, saving } = useNotificationChoices();

  function pick(kind: StaffNotificationKind, delivery: StaffDelivery) {
    choose(
      { staff: { [kind]: delivery } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Notification saved',
            message: `${STAFF_NOTIFICATION_LABELS[kind]}: ${DELIVERY_LABELS[delivery].toLowerCase()}.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
      },
    );
  }

  const staff = shown?.staff;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notifications-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="notifications-title">
            My notifications
          </Title>
          <Text size="sm" c="gray.7">
            What you are e-mailed about, and when. The daily digest gathers the day's notices into one e-mail
            at {preferences.data?.digestTime ?? '7:00 AM Central time'}.
          </Text>
        </div>
        {preferences.isPending ? (
          <Loader size="sm" aria-label="Loading your notifications" />
        ) : preferences.isError || !staff ? (
          <Text c="red.9">
            {preferences.isError ? getErrorMessage(preferences.error) : 'No notifications to choose.'}
          </Text>
        ) : (
          STAFF_NOTIFICATION_KINDS.map((kind) => (
            <Radio.Group
              key={kind}
              label={STAFF_NOTIFICATION_LABELS[kind]}
              value={staff[kind]}
              onChange={(value) => pick(kind, value as StaffDelivery)}
            >
              <Group gap="md" mt={4}>
                {(Object.keys(DELIVERY_LABELS) as StaffDelivery[]).map((delivery) => (
                  <Radio
                    key={delivery}
                    value={delivery}
                    label={DELIVERY_LABELS[delivery]}
                    disabled={saving}
                  />
                ))}
              </Group>
            </Radio.Group>
          ))
        )}
      </Stack>
    </Card>
  );
}
