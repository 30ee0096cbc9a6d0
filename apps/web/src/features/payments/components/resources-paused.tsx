import { Alert, Button, Stack, Text } from '@mantine/core';
import { getErrorMessage } from '@/lib/api-client';
import { usePaymentSummary } from '../api/payment-summary';

/**
 * What the resources area says when the server answers 403 `access_paused`: the server's message and the way to pay.
 * The resources are paused, never deleted, so paying brings the same list back at once.
 */
export function ResourcesPaused({ trainerId, error }: { trainerId: number; error: unknown }) {
  const summary = usePaymentSummary(trainerId);
  const payNowUrl = summary.data?.payNowUrl;
  return (
    <Alert color="red" role="alert" title="Training Resources paused">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{getErrorMessage(error)}</Text>
        {payNowUrl && (
          <Button component="a" href={payNowUrl} color="red">
            Pay now
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
