import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { enrolmentMessages, formatUsd, PLANS, planInSentence } from '@soulpunch/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useConfirmEnrolment, useCurrentEnrolment } from '@/features/payments';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { forgetPendingTrainer } from '../pending-trainer';

interface Details {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
}

/** 'Payment Completed': the trainer confirms their details; the server creates the account and signs them in. */
export function ConfirmationPage() {
  useDocumentTitle('Payment Completed');
  const navigate = useNavigate();
  const enrolment = useCurrentEnrolment();
  const confirm = useConfirmEnrolment();
  const [details, setDetails] = useState<Details | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const data = enrolment.data;
  useEffect(() => {
    if (data && !details) {
      setDetails({
        fullName: data.fullName,
        email: data.email,
        phone: data.phone ?? '',
        city: data.city ?? '',
        state: data.state ?? '',
      });
    }
  }, [data, details]);

  if (enrolment.isPending) {
    return (
      <Container size="sm" py="xl">
        <Group role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading your enrolment...</Text>
        </Group>
      </Container>
    );
  }
  if (enrolment.isError || !data) {
    return (
      <Container size="sm" py="xl" px="md">
        <Stack>
          <Alert color="red" role="alert" title="No enrolment found">
            {isApiError(enrolment.error, 404)
              ? enrolmentMessages.sessionExpired
              : getErrorMessage(enrolment.error)}
          </Alert>
          <Button component={Link} to="/onboarding/checkout">
            Go to the checkout
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!data.paid) {
    return (
      <Container size="sm" py="xl" px="md">
        <Stack>
          <Title order={1}>Payment Completed</Title>
          <Alert color="yellow" role="alert">
            {enrolmentMessages.paymentNotVerified}
          </Alert>
          <Button component={Link} to="/onboarding/payment-confirmation">
            Back to Complete Your Payment
          </Button>
        </Stack>
      </Container>
    );
  }

  const fields = isApiError(confirm.error, 400) ? (confirm.error.body?.error.fields ?? {}) : {};
  const set = (key: keyof Details) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setDetails((d) => (d ? { ...d, [key]: value } : d));
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!details) return;
    if (!details.fullName.trim() || !details.email.trim() || !details.phone.trim()) {
      setAlert(enrolmentMessages.paymentInfoRequired);
      return;
    }
    setAlert(null);
    confirm.mutate(
      { ...details, city: details.city || null, state: details.state || null },
      {
        onSuccess: ({ redirectTo }) => {
          forgetPendingTrainer();
          navigate(redirectTo);
        },
      },
    );
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Payment Completed</Title>
          <Text c="gray.7">
            Thank you! We received {formatUsd(data.amountCents)} for {planInSentence(data.plan)}
            {data.plan === 'flex'
              ? ` (payment 1 of ${PLANS.flex.instalments}, ${formatUsd(data.totalCents)} in total)`
              : ''}
            . A receipt is on its way to {data.email}.
          </Text>
        </Stack>
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        {confirm.isError && !isApiError(confirm.error, 400) && (
          <Alert color="red" role="alert">
            {getErrorMessage(confirm.error)}
            {/* Confirm signs in once, never as an account that existed: the owner signs in (decision 0008). */}
            {isApiError(confirm.error, 409) &&
              ['sign_in_required', 'already_enrolled'].includes(confirm.error.code ?? '') && (
                <>
                  {' '}
                  <Anchor component={Link} to="/trainer-portal/login">
                    Go to the Trainer Portal login
                  </Anchor>
                </>
              )}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz="h3">
              Confirm your details
            </Title>
            <TextInput
              label="Full name"
              required
              value={details?.fullName ?? ''}
              onChange={set('fullName')}
              error={fields.fullName}
              autoComplete="name"
            />
            {/* The address the enrolment was paid under and its code was sent to: the server keeps it, so it is
                shown, not offered for editing (a change would only be refused). */}
            <TextInput
              label="Email"
              type="email"
              readOnly
              description="The address you enrolled with; your sign-in links come here."
              value={details?.email ?? ''}
              error={fields.email}
              autoComplete="email"
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              value={details?.phone ?? ''}
              onChange={set('phone')}
              error={fields.phone}
              autoComplete="tel"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="City"
                value={details?.city ?? ''}
                onChange={set('city')}
                error={fields.city}
                autoComplete="address-level2"
              />
              <TextInput
                label="State"
                value={details?.state ?? ''}
                onChange={set('state')}
                error={fields.state}
                autoComplete="address-level1"
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={confirm.isPending}>
                Continue to Document Signing
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
