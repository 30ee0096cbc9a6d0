import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useApplyPaymentLinkToUpcomingClasses } from '@/features/classes';

export interface PaymentLinkQuestionState {
  previousLink: string | null;
  newLink: string | null;
  /** Upcoming classes still on the previous link. */
  count: number;
}

const classesText = (n: number) => `${n} upcoming ${n === 1 ? 'class' : 'classes'}`;

/** After the class payment link changed: should the upcoming classes on the old link take the new one? */
export function PaymentLinkQuestion({
  trainerId,
  question,
  onDone,
}: {
  trainerId: number;
  question: PaymentLinkQuestionState;
  onDone: () => void;
}) {
  const apply = useApplyPaymentLinkToUpcomingClasses();
  const { previousLink, newLink, count } = question;

  function update() {
    apply.mutate(
      { trainerId, previousLink },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: 'green',
            title: 'Upcoming Classes Updated',
            message: `${classesText(updated)} now ${updated === 1 ? 'uses' : 'use'} your new payment link.`,
          });
          onDone();
        },
        onError: () =>
          notifications.show({
            color: 'red',
            title: 'Error',
            message: 'Failed to update your upcoming classes. Please try again.',
          }),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onDone}
      title="Update upcoming classes?"
      closeOnClickOutside={!apply.isPending}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Text size="sm">
          You changed your class payment link. {classesText(count)} still {count === 1 ? 'uses' : 'use'}{' '}
          {previousLink ? 'the old link' : 'no payment link'}
          {previousLink && (
            <>
              {' '}
              (<span style={{ wordBreak: 'break-all' }}>{previousLink}</span>)
            </>
          )}
          .
        </Text>
        <Text size="sm">
          {newLink
            ? 'Use the new link for them too? Classes with a link of their own keep it.'
            : 'Remove the link from them too? Classes with a link of their own keep it.'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={apply.isPending}>
            Keep Their Old Link
          </Button>
          <Button onClick={update} loading={apply.isPending}>
            Update {count === 1 ? 'Class' : `${count} Classes`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
