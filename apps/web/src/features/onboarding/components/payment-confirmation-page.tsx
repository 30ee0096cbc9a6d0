import {
  Alert,
  Button,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { enrolmentMessages } from '@soulpunch/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmPayment, useCurrentEnrolment, useRetryCheckout } from '@/features/payments';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * 'Complete Your Payment': the button asks the server whether the provider confirmed the payment. Paid: the spec's
 * PUT and trigger-onboarding run and the trainer goes on. Not yet: a waiting state that keeps checking.
 */
export function PaymentConfirmationPage() {
  useDocumentTitle('Complete Your Payment');
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(false);
  const enrolment = useCurrentEnrolment({ pollUntilPaid: waiting });
  const confirm = useConfirmPayment();
  const retry = useRetryCheckout();
  const expired = isApiError(enrolment.error, 404);

  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => navigate('/onboarding/checkout', { replace: true }), 4000);
    return () => clearTimeout(timer);
  }, [expired, navigate]);

  const proceed = (trainerId: number) =>
    confirm.mutate(trainerId, { onSuccess: () => navigate('/onboarding/confirmation') });

  // Once paid while waiting, go on by itself.
  const data = enrolment.data;
  useEffect(() => {
    if (waiting && data?.paid && data.trainerId && confirm.isIdle) proceed(data.trainerId);
  });

  function onCompleted() {
    if (data?.paid && data.trainerId) proceed(data.trainerId);
    else setWaiting(true);
  }

  if (expired) {
    return (
      <Container size="sm" py="xl" px="md">
        <Alert color="red" role="alert" title="Session expired">
          {enrolmentMessages.sessionExpired} Taking you back to the checkout...
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Complete Your Payment</Title>
        <Paper withBorder p="lg" radius="md">
          <List type="ordered" spacing="sm">
            <List.Item>Pay on our payment provider's secure page, where the checkout took you.</List.Item>
            <List.Item>
              Wait for the payment provider to confirm your payment (usually a few seconds).
            </List.Item>
            <List.Item>
              Press "I've Completed Payment" to confirm your details and sign your documents.
            </List.Item>
          </List>
        </Paper>
        {enrolment.isError && !expired && (
          <Alert color="red" role="alert">
            {getErrorMessage(enrolment.error)}
          </Alert>
        )}
        {confirm.isError && (
          <Alert color="red" role="alert">
            {enrolmentMessages.confirmationFailed}
          </Alert>
        )}
        {retry.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(retry.error)}
          </Alert>
        )}
        {data?.lastError && !data.paid && (
          <Alert color="red" role="alert" title="Payment not completed">
            {data.lastError}
          </Alert>
        )}
        {waiting && data && !data.paid && (
          <Paper withBorder p="md" radius="md" role="status">
            <Group wrap="nowrap">
              <Loader size="sm" aria-hidden />
              <Text>
                {enrolmentMessages.paymentNotVerified} We check again every few seconds; this page moves on by
                itself once it arrives.
              </Text>
            </Group>
          </Paper>
        )}
        {data?.paid && (
          <Group role="status">
            <ThemeIcon color="green" radius="xl" aria-hidden>
              ✓
            </ThemeIcon>
            <Text>We have received your payment. Press "I've Completed Payment" to go on.</Text>
          </Group>
        )}
        <Group justify="space-between">
          {data && !data.paid ? (
            <Button
              variant="default"
              loading={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  // No checkout before the e-mailed code: the checkout page asks for it.
                  onSuccess: ({ checkoutUrl }) =>
                    checkoutUrl ? window.location.assign(checkoutUrl) : navigate('/onboarding/checkout'),
                })
              }
            >
              Go back to the payment page
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={onCompleted} loading={confirm.isPending} disabled={enrolment.isPending}>
            I've Completed Payment
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
