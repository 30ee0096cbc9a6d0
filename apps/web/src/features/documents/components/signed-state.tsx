import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { DocumentDetail } from '@soulpunch/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatTimestamp } from '@/lib/format-timestamp';
import {
  AFTER_LAST_SIGNATURE,
  ALL_SIGNED_NEXT_STEP,
  type SigningProgress,
  signedCount,
} from '../signing-progress';

/** After a new signature: how many are signed and the one step that comes next. */
function NextStep({ progress }: { progress: SigningProgress }) {
  if (progress.allSigned) {
    return (
      <>
        <Text size="sm" fw={600}>
          {signedCount(progress)}.
        </Text>
        <Text size="sm">{ALL_SIGNED_NEXT_STEP}</Text>
        <Button component={Link} to={AFTER_LAST_SIGNATURE} w="fit-content">
          Continue
        </Button>
      </>
    );
  }
  return (
    <>
      <Text size="sm" fw={600}>
        {signedCount(progress)}.
      </Text>
      {progress.next && (
        <>
          <Text size="sm">Next: the {progress.next.title}.</Text>
          <Button component={Link} to={`/trainer-portal/documents/${progress.next.id}`} w="fit-content">
            Review and sign {progress.next.title}
          </Button>
        </>
      )}
    </>
  );
}

/**
 * A signed document's confirmation. Just signed, it says so by name, how many are signed and what is next, and it
 * takes the focus: on a phone the form that was pressed disappears far below it.
 */
export function SignedState({
  document,
  justSigned,
  progress,
}: {
  document: DocumentDetail;
  justSigned: boolean;
  progress: SigningProgress | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();

  useEffect(() => {
    if (!justSigned) return;
    ref.current?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [justSigned, reduceMotion]);

  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="green"
      title={justSigned ? `${document.title} signed` : 'Signed'}
      role="status"
      // Scrolled to with a little room above it, not flush against the top edge.
      style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}
      // The light green's own title colour is too faint to read (contrast).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          Signed by {document.signerName ?? 'you'} on {formatTimestamp(document.signedAt)}.
        </Text>
        {justSigned && progress && progress.required > 0 && <NextStep progress={progress} />}
        <Group gap="xs" wrap="wrap">
          <Button
            component="a"
            href={`/api/documents/${document.id}/pdf`}
            download
            variant={justSigned ? 'default' : 'filled'}
          >
            Download signed PDF
          </Button>
          <Button component={Link} to="/onboarding/documents" variant="default">
            Back to your documents
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
