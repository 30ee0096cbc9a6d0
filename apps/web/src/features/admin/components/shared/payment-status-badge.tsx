import { Badge, VisuallyHidden } from '@mantine/core';
import { labelOf, paymentStatusLabels } from '../../utils/labels';

/** Spec 2.2: 'completed' is highlighted; any other value is shown as secondary. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const completed = status === 'completed';
  return (
    <Badge
      variant={completed ? 'filled' : 'light'}
      color={completed ? 'blue' : 'gray'}
      c={completed ? undefined : 'gray.9'}
      data-status={status}
    >
      <VisuallyHidden>Payment status: </VisuallyHidden>
      {labelOf(paymentStatusLabels, status)}
    </Badge>
  );
}
