import { Badge } from '@mantine/core';
import { DOCUMENT_STATUS_COLORS, type DocumentStatus } from '@soulpunch/shared';

/** Spec admin 4: the status colours; a value we do not know is grey. */
export function DocumentStatusBadge({ status }: { status: string }) {
  const color = DOCUMENT_STATUS_COLORS[status as DocumentStatus] ?? 'gray';
  return (
    <Badge color={color} variant="light" autoContrast>
      {status}
    </Badge>
  );
}
