import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTrainerDocuments } from '../api/get-trainer-documents';
import { useTrainerStanding } from '../api/get-trainer-standing';

/** Trainer dashboard: documents waiting for a signature, and why the trainer is not in the directory. */
export function DocumentsNotice({ trainerId }: { trainerId: number | null }) {
  const documents = useTrainerDocuments(trainerId);
  const standing = useTrainerStanding(trainerId);
  const waiting = (documents.data ?? []).filter((d) => d.status === 'sent' || d.status === 'pending');
  const reasons = standing.data && !standing.data.listed ? standing.data.reasons : [];
  if (waiting.length === 0 && reasons.length === 0) return null;
  return (
    <Stack gap="sm">
      {waiting.length > 0 && (
        <Alert color="blue" title="Documents to sign">
          <Stack gap={4}>
            <Text size="sm">
              {waiting.length === 1 ? 'One document waits' : `${waiting.length} documents wait`} for your
              signature.
            </Text>
            <List size="sm">
              {waiting.map((d) => (
                <List.Item key={d.id}>
                  {/* blue.9: the default link blue on the light blue ground is below 4.5:1. */}
                  <Anchor
                    component={Link}
                    to={`/trainer-portal/documents/${d.id}`}
                    c="blue.9"
                    underline="always"
                  >
                    {d.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      {reasons.length > 0 && (
        <Alert color="yellow" title="Why you are not in the directory">
          <List size="sm">
            {reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
