import { Card, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { TrainerChange } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useTrainerChanges } from '../../api/get-trainer-changes';
import { fieldLabel } from '../../trainer-form-model';

/** Booleans read Yes/No and an empty value a dash, so "cleared" and "unchecked" are plain to see. */
export function formatChangeValue(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Who made a change: the admin, or for the first entry of a trainer who enrolled and paid through the checkout,
 * that self-enrolment (they had no account yet to be named by). Anything else without an author is the system's.
 */
function changeAuthor(entry: TrainerChange): string {
  if (entry.changedBy) return `${entry.changedBy.name} (${entry.changedBy.email})`;
  return entry.changes.some((change) => change.field === 'enrolled') ? 'Self-enrolment' : 'System';
}

export function ChangeHistory({ trainerId }: { trainerId: number }) {
  const changes = useTrainerChanges(trainerId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="change-history-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="change-history-title">
          Change history
        </Title>
        {changes.isPending ? (
          <Loader size="sm" aria-label="Loading change history" />
        ) : changes.isError ? (
          <Text c="red.9">{getErrorMessage(changes.error)}</Text>
        ) : changes.data.length === 0 ? (
          <Text c="gray.7">No changes recorded yet</Text>
        ) : (
          <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
            {changes.data.map((entry) => (
              <li key={entry.id}>
                <Text size="sm" fw={600}>
                  {changeAuthor(entry)}
                  {' · '}
                  <time dateTime={entry.changedAt}>{formatTimestamp(entry.changedAt)}</time>
                </Text>
                <List size="sm" spacing={2} mt={4}>
                  {entry.changes.map((change) =>
                    change.field === 'created' ? (
                      // The first entry: the trainer added by an admin, with the name and e-mail given.
                      <List.Item key={change.field}>Trainer added: {formatChangeValue(change.to)}</List.Item>
                    ) : change.field === 'enrolled' ? (
                      <List.Item key={change.field}>
                        Trainer added through the checkout: {formatChangeValue(change.to)}
                      </List.Item>
                    ) : (
                      <List.Item key={change.field}>
                        {fieldLabel(change.field)}: {formatChangeValue(change.from)} →{' '}
                        {formatChangeValue(change.to)}
                      </List.Item>
                    ),
                  )}
                </List>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
