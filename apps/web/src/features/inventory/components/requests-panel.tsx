import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  REPLACEMENT_STATUS_LABELS,
  type ReplacementRequest,
  type ReplacementStatus,
  replacementDecisionSchema,
} from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { replacementPhotoUrl, useDecideReplacement, useReplacementRequests } from '../api/replacements';
import { fieldErrorsOf } from '../form-errors';
import { REQUEST_STATUS_COLORS, stamp } from '../labels';

const FILTERS: Array<{ value: ReplacementStatus | 'all'; label: string }> = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'all', label: 'All' },
];

type Decision = { request: ReplacementRequest; decision: 'approve' | 'decline' } | null;

function RequestCard({
  request,
  onDecide,
}: {
  request: ReplacementRequest;
  onDecide: (d: Decision) => void;
}) {
  const canChange = useCanChangeAdminArea();
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={`Request ${request.id} from ${request.trainerName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={`/admin/trainers/${request.trainerId}`} fw={600}>
            {request.trainerName}
          </Anchor>
          <Badge color={REQUEST_STATUS_COLORS[request.status]}>
            {REPLACEMENT_STATUS_LABELS[request.status]}
          </Badge>
        </Group>
        <Text fw={500}>
          {request.quantity} x {request.itemName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {request.reason}
        </Text>
        {request.hasPhoto && (
          <Anchor
            href={replacementPhotoUrl(request.trainerId, request.id)}
            target="_blank"
            rel="noopener"
            w="fit-content"
          >
            <Image
              src={replacementPhotoUrl(request.trainerId, request.id)}
              alt={`Photo of the ${request.itemName} from ${request.trainerName}`}
              maw={220}
              radius="sm"
            />
          </Anchor>
        )}
        <Text size="xs" c="gray.7">
          Asked {stamp(request.createdAt)}
          {request.decidedAt && `, decided ${stamp(request.decidedAt)}`}
        </Text>
        {request.decisionNote && <Text size="sm">Note: {request.decisionNote}</Text>}
        {request.status === 'pending' && canChange && (
          <Group>
            <Button size="compact-sm" onClick={() => onDecide({ request, decision: 'approve' })}>
              Approve
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red.9"
              onClick={() => onDecide({ request, decision: 'decline' })}
            >
              Decline
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function DecisionModal({ request, decision, onClose }: NonNullable<Decision> & { onClose: () => void }) {
  const decide = useDecideReplacement();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const approve = decision === 'approve';
  const title = approve ? 'Approve the replacement' : 'Decline the replacement';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = replacementDecisionSchema.safeParse({ note });
    setError(fieldErrorsOf(parsed).note);
    if (!parsed.success) return;
    decide.mutate(
      { id: request.id, decision, note: parsed.data.note },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: approve ? 'Approved' : 'Declined',
            message: approve
              ? `A shipment to ${request.trainerName} waits to be packed.`
              : `${request.trainerName} is e-mailed your note.`,
          });
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {request.quantity} x {request.itemName} for {request.trainerName}.{' '}
            {approve && 'Approving makes a shipment to pack.'}
          </Text>
          <Textarea
            label="Note for the trainer"
            description="E-mailed to the trainer with the decision."
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={error}
            maxLength={1000}
            required
            data-autofocus
          />
          {decide.isError && (
            <Alert color="red" role="alert">
              {getErrorMessage(decide.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={approve ? undefined : 'red.9'} loading={decide.isPending}>
              {approve ? 'Approve Request' : 'Decline Request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Trainers' requests for a replacement, each approved (it becomes a shipment) or declined with a note. */
export function RequestsPanel() {
  const [status, setStatus] = useState<ReplacementStatus | 'all'>('pending');
  const requests = useReplacementRequests(status);
  const [deciding, setDeciding] = useState<Decision>(null);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Replacement requests
      </Title>
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as ReplacementStatus | 'all')}
        data={FILTERS}
        aria-label="Show requests"
        fullWidth
        maw={520}
      />
      {requests.isPending && <Loader aria-label="Loading requests" />}
      {requests.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(requests.error)}
        </Alert>
      )}
      {requests.data?.length === 0 && <Text c="gray.7">No requests here.</Text>}
      {requests.data && requests.data.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Replacement requests"
        >
          {requests.data.map((request) => (
            <RequestCard key={request.id} request={request} onDecide={setDeciding} />
          ))}
        </Stack>
      )}
      {deciding && <DecisionModal {...deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
