import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ClassSummary, Registration } from '@soulpunch/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage } from '@/lib/api-client';
import { useCancelClass } from '../api/cancel-class';
import { useClassRegistrations } from '../api/get-class-registrations';
import { classWhenText } from '../class-when';
import { CLASS_LEVEL_LABELS, CLASS_TYPE_LABELS, classDetailsPath, externalUrl } from '../format';

const STATUS_LABELS: Record<Registration['status'], string> = {
  registered: 'Registered',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
};

function Attendees({ classId }: { classId: number }) {
  const registrations = useClassRegistrations(classId);
  if (registrations.isPending) return <PageLoader label="Loading attendees" />;
  if (registrations.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {getErrorMessage(registrations.error)}
      </Text>
    );
  }
  if (registrations.data.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No one has registered yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped aria-label="Attendees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {registrations.data.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>{person.name}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${person.email}`} size="sm">
                  {person.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{STATUS_LABELS[person.status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface TrainerClassDialogProps {
  classSummary: ClassSummary;
  onEdit: () => void;
  onClose: () => void;
}

/** One of the trainer's classes: its details, who registered, and the ways to edit or cancel it. */
export function TrainerClassDialog({ classSummary: c, onEdit, onClose }: TrainerClassDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelClass();
  const cancelled = c.status === 'cancelled';
  const payment = externalUrl(c.paymentLink);

  function cancelClass() {
    cancel.mutate(c.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Class Cancelled',
          message: 'The class has been cancelled and registered people have been e-mailed.',
        });
        setConfirming(false);
      },
      onError: () =>
        notifications.show({
          color: 'red',
          title: 'Error',
          message: 'Failed to cancel class. Please try again.',
        }),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={c.title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Group gap="xs">
          {cancelled && (
            <Badge color="red.9" variant="filled">
              Cancelled
            </Badge>
          )}
          <Badge variant="light">{CLASS_TYPE_LABELS[c.type]}</Badge>
          <Badge variant="light" color="grape">
            {CLASS_LEVEL_LABELS[c.level]}
          </Badge>
        </Group>
        <Stack gap={4}>
          <Text size="sm">{classWhenText(c)}</Text>
          <Text size="sm">{[c.location, c.address].filter(Boolean).join(' · ')}</Text>
          <Text size="sm">
            {c.priceLabel} · {c.registeredCount} of {c.capacity} registered
            {c.waitlistCount > 0 ? ` · ${c.waitlistCount} on the waitlist` : ''}
          </Text>
          {payment && (
            <Text size="sm">
              Payment link:{' '}
              <Anchor href={payment} target="_blank" rel="noopener noreferrer">
                {payment}
              </Anchor>
            </Text>
          )}
          {c.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {c.notes}
            </Text>
          )}
        </Stack>

        {confirming ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title="Cancel this class?"
          >
            <Stack gap="sm">
              <Text size="sm">Registered people will be e-mailed.</Text>
              <Group gap="sm">
                <Button color="red.9" onClick={cancelClass} loading={cancel.isPending}>
                  Yes, Cancel Class
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                  Keep Class
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="sm">
            {!cancelled && <Button onClick={onEdit}>Edit Class</Button>}
            {!cancelled && (
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Cancel Class
              </Button>
            )}
            <Button component={Link} to={classDetailsPath(c.id)} variant="subtle">
              View Public Page
            </Button>
          </Group>
        )}

        <Title order={3} size="h5">
          Attendees
        </Title>
        <Attendees classId={c.id} />
      </Stack>
    </Modal>
  );
}
