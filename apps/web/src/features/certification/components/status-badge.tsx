import { Badge } from '@mantine/core';
import { CERTIFICATION_STATUS_LABELS, type CertificationStatus } from '@soulpunch/shared';

// Dark shades only: each badge's words keep 4.5:1 against its background (axe color-contrast).
const COLORS: Record<CertificationStatus, string> = {
  in_training: 'gray.7',
  certified: 'teal.9',
  // A dark amber: Mantine's orange.9 gives white words only 4.3:1.
  renewal_due: '#a84300',
  lapsed: 'red.9',
  suspended: 'grape.9',
  revoked: 'red.9',
};

export function CertificationStatusBadge({ status }: { status: CertificationStatus }) {
  return <Badge color={COLORS[status]}>{CERTIFICATION_STATUS_LABELS[status]}</Badge>;
}
