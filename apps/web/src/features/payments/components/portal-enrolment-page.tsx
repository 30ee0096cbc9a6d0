import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatUsd, PLANS, type PlanKey, planTotalCents } from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { TermsAgreement } from '@/components/terms-agreement';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaymentSummary } from '../api/payment-summary';
import { usePortalCheckout } from '../api/portal-enrolment';

/**
 * The e-mailed enrolment link of a trainer an admin added: they choose a plan, agree to the terms and go to the
 * payment provider's secure page in this tab; paid, the provider brings them back to the dashboard.
 */
export function PortalEnrolmentPage({ trainerId }: { trainerId: number }) {
  useDocumentTitle('Complete Your Enrolment');
  const summary = usePaymentSummary(trainerId);
  const checkout = usePortalCheckout(trainerId);
  const [plan, setPlan] = useState<PlanKey>('full');
  const [agreed, setAgreed] = useState(false);
  const fields = isApiError(checkout.error, 400) ? (checkout.error.body?.error.fields ?? {}) : {};

  function pay() {
    checkout.mutate(
      { plan, agreeTerms: agreed as true },
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    );
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Complete Your Enrolment</Title>
        {summary.isPending && <Loader aria-label="Loading your payments" />}
        {summary.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(summary.error)}
          </Alert>
        )}
        {summary.data?.plan ? (
          <Alert color="teal" role="status" title="Your payment is recorded">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{summary.data.progressLabel}. There is nothing more to do here.</Text>
              <Anchor component={Link} to="/trainer-portal/dashboard">
                Go to your dashboard
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          summary.data && (
            <Paper withBorder p="lg" radius="md">
              <Stack gap="md">
                <Text>
                  The certification program: a 6-week online course and a 3-day in-person session. Choose how
                  to pay; the payment is taken by our payment provider on its secure page.
                </Text>
                {checkout.isError && !isApiError(checkout.error, 400) && (
                  <Alert color="red" role="alert">
                    {getErrorMessage(checkout.error)}
                  </Alert>
                )}
                <Radio.Group
                  label="Choose how to pay"
                  value={plan}
                  onChange={(v) => setPlan(v === 'flex' ? 'flex' : 'full')}
                  error={fields.plan}
                >
                  <Stack gap="xs" mt="xs">
                    <Radio
                      value="full"
                      label={`${PLANS.full.label}: ${formatUsd(PLANS.full.amountCents)} once`}
                    />
                    <Radio
                      value="flex"
                      label={`${PLANS.flex.label}: ${formatUsd(PLANS.flex.amountCents)} a month for ${PLANS.flex.instalments} months (${formatUsd(planTotalCents('flex'))} in total)`}
                    />
                  </Stack>
                </Radio.Group>
                <TermsAgreement checked={agreed} onChange={setAgreed} error={fields.agreeTerms} />
                <Group justify="flex-end">
                  <Button onClick={pay} loading={checkout.isPending}>
                    Proceed to Payment
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )
        )}
      </Stack>
    </Container>
  );
}
