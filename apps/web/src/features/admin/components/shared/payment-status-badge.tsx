import { Badge, VisuallyHidden } from '@mantine/core';
import { labelOf, paymentStatusLabels } from '../../utils/labels';

/** Spec 2.2: 'completed' is highlighted; any other value is shown as secondary. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const completed = status === 'completed';
  // Money that needs attention (a failed instalment, a chargeback) stands out; the rest stays secondary.
  const alarming = status === 'past_due' || status === 'disputed';
  return (
    <Badge
      variant={completed || alarming ? 'filled' : 'light'}
      color={completed ? 'blue' : alarming ? 'red.8' : 'gray'}
      c={completed || alarming ? undefined : 'gray.9'}
      data-status={status}
    >
      <VisuallyHidden>Payment status: </VisuallyHidden>
      {labelOf(paymentStatusLabels, status)}
    </Badge>
  );
}
