import { Badge } from '@mantine/core';
import { DOCUMENT_STATUS_COLORS, type DocumentStatus } from '@soulpunch/shared';

/** Spec admin 4: the status colours; a value we do not know is grey. */
export function DocumentStatusBadge({ status }: { status: string }) {
  const color = DOCUMENT_STATUS_COLORS[status as DocumentStatus] ?? 'gray';
  // A light badge in the spec's colour with dark text, so the label stays readable (contrast).
  return (
    <Badge color={color} variant="light" c="dark.8" data-color={color}>
      {status}
    </Badge>
  );
}
