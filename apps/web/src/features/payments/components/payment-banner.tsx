import { Alert, Button, Group, Text } from '@mantine/core';
import { formatUsd, PORTAL_ENROLMENT_PATH } from '@soulpunch/shared';
import { Link } from 'react-router';
import { usePaymentSummary } from '../api/payment-summary';

const longDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The trainer's plan at a glance, and a banner with the way to pay when an instalment failed. */
export function PaymentBanner({ trainerId }: { trainerId: number }) {
  const summary = usePaymentSummary(trainerId);
  const s = summary.data;
  // A trainer an admin added, with nothing paid yet: the way to enrol (the page the e-mailed link opens).
  if (s && !s.plan && s.paymentStatus === 'pending') {
    return (
      <Alert color="blue" role="status" title="Complete your enrolment">
        <Group justify="space-between" gap="sm">
          <Text fz="sm">Choose how to pay for the certification program to complete your enrolment.</Text>
          <Button component={Link} to={PORTAL_ENROLMENT_PATH}>
            Choose your plan
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!s?.plan) return null;
  const failed = s.entries.find((e) => e.status === 'failed');
  if (s.pastDue && failed) {
    return (
      <Alert
        color="red"
        role="alert"
        title={s.accessPaused ? 'Your portal resources are paused' : 'A payment did not go through'}
      >
        <Group justify="space-between" gap="sm">
          <Text fz="sm">
            Your instalment of {formatUsd(failed.amountCents)} due{' '}
            {failed.dueOn ? longDate(failed.dueOn) : ''} failed.{' '}
            {s.accessPaused
              ? 'Pay now to restore your access at once; nothing was deleted.'
              : `Pay now to keep your access${s.graceEndsAt ? ` (resources pause on ${longDate(s.graceEndsAt)})` : ''}.`}
          </Text>
          {s.payNowUrl && (
            <Button component="a" href={s.payNowUrl} color="red">
              Pay now
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  if (s.certificationSuspended) {
    return (
      <Alert color="orange" role="status" title="Certification on hold">
        {s.suspensionReason} Our team will contact you.
      </Alert>
    );
  }
  if (s.plan === 'flex') {
    return (
      <Alert color="blue" role="status" title="Flex Plan">
        {s.progressLabel}
      </Alert>
    );
  }
  return null;
}
