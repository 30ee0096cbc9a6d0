import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ENROLMENT_CODE_TTL_MINUTES,
  enrolmentMessages,
  formatUsd,
  fullPlanSavePercent,
  PLANS,
  type PlanKey,
  planTotalCents,
} from '@soulpunch/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TermsAgreement } from '@/components/terms-agreement';
import { useStartEnrolment, useVerifyEnrolmentEmail } from '@/features/payments';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { rememberPendingTrainer } from '../pending-trainer';

interface Details {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  agreeTerms: boolean;
}

const emptyDetails: Details = { fullName: '', email: '', phone: '', city: '', state: '', agreeTerms: false };

const hasRequired = (d: Details) =>
  d.fullName.trim() !== '' && d.email.trim() !== '' && d.phone.trim() !== '' && d.agreeTerms;

/**
 * Spec admin 2.7: details, then a plan; choosing a plan opens the provider's checkout, once the visitor has entered
 * the code e-mailed to their address (decision 0008: no enrolment goes on for an address that is not theirs).
 */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [tab, setTab] = useState<'details' | 'payment'>('details');
  const [details, setDetails] = useState<Details>(emptyDetails);
  const [plan, setPlan] = useState<PlanKey>('full');
  const [alert, setAlert] = useState<string | null>(null);
  /** The address a code was sent to: the page then asks for the code before the provider's checkout. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [codesSent, setCodesSent] = useState(0);
  const start = useStartEnrolment();
  const verify = useVerifyEnrolmentEmail();
  const fields = isApiError(start.error, 400) ? (start.error.body?.error.fields ?? {}) : {};
  const alreadyEnrolled = [start.error, verify.error].some(
    (error) => isApiError(error, 409) && error.code === 'already_enrolled',
  );

  const set = (key: keyof Details) => (value: string | boolean) =>
    setDetails((d) => ({ ...d, [key]: value }));

  function toPayment() {
    if (!hasRequired(details)) {
      setAlert(enrolmentMessages.checkoutRequired);
      return;
    }
    setAlert(null);
    setTab('payment');
  }

  function pay() {
    if (!hasRequired(details)) {
      setAlert(enrolmentMessages.checkoutRequired);
      setTab('details');
      return;
    }
    setAlert(null);
    verify.reset();
    start.mutate(
      {
        fullName: details.fullName,
        email: details.email,
        phone: details.phone,
        city: details.city || null,
        state: details.state || null,
        agreeTerms: true,
        plan,
      },
      {
        onSuccess: ({ enrolment, checkoutUrl }) => {
          rememberPendingTrainer(enrolment.id);
          if (checkoutUrl) window.location.assign(checkoutUrl);
          else {
            setCodeSentTo(enrolment.email);
            setCodesSent((n) => n + 1);
          }
        },
        onError: (error) => {
          if (isApiError(error, 400)) {
            setCodeSentTo(null);
            setTab('details');
          }
        },
      },
    );
  }

  function verifyCode(code: string) {
    verify.mutate(code, {
      onSuccess: ({ checkoutUrl }) => {
        if (checkoutUrl) window.location.assign(checkoutUrl);
      },
    });
  }

  if (codeSentTo) {
    return (
      <Container size="sm" py="xl" px="md">
        <Stack gap="lg">
          {alreadyEnrolled && <AlreadyEnrolledAlert />}
          <CodeStep
            email={codeSentTo}
            verifying={verify.isPending}
            resending={start.isPending}
            resent={codesSent > 1}
            error={verify.error ?? (isApiError(start.error, 400) ? null : start.error)}
            onVerify={verifyCode}
            onResend={pay}
            onChangeDetails={() => {
              setCodeSentTo(null);
              setCodesSent(0);
              verify.reset();
              start.reset();
              setTab('details');
            }}
          />
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Become a Certified Soul Punch Trainer</Title>
          <Text c="gray.7">
            The certification program: a 6-week online course and a 3-day in-person session. Certification is
            valid for 2 years.
          </Text>
        </Stack>
        <CheckoutWayOut />
        {alert && (
          <Alert color="red" role="alert" title="Missing information">
            {alert}
          </Alert>
        )}
        {start.isError && !alreadyEnrolled && !isApiError(start.error, 400) && (
          <Alert color="red" role="alert">
            {getErrorMessage(start.error)}
          </Alert>
        )}
        {alreadyEnrolled && <AlreadyEnrolledAlert />}
        <Tabs
          value={tab}
          onChange={(v) => setTab(v === 'payment' ? 'payment' : 'details')}
          keepMounted={false}
        >
          <Tabs.List grow>
            <Tabs.Tab value="details">Your Details</Tabs.Tab>
            <Tabs.Tab value="payment">Payment Options</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="lg">
            <Stack gap="md">
              <TextInput
                label="Full name"
                required
                autoComplete="name"
                value={details.fullName}
                onChange={(e) => set('fullName')(e.currentTarget.value)}
                error={fields.fullName}
              />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="email"
                value={details.email}
                onChange={(e) => set('email')(e.currentTarget.value)}
                error={fields.email}
              />
              <TextInput
                label="Phone"
                type="tel"
                required
                autoComplete="tel"
                value={details.phone}
                onChange={(e) => set('phone')(e.currentTarget.value)}
                error={fields.phone}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="City"
                  autoComplete="address-level2"
                  value={details.city}
                  onChange={(e) => set('city')(e.currentTarget.value)}
                  error={fields.city}
                />
                <TextInput
                  label="State"
                  autoComplete="address-level1"
                  value={details.state}
                  onChange={(e) => set('state')(e.currentTarget.value)}
                  error={fields.state}
                />
              </SimpleGrid>
              <TermsAgreement
                checked={details.agreeTerms}
                onChange={set('agreeTerms')}
                error={fields.agreeTerms}
              />
              <Group justify="flex-end">
                <Button onClick={toPayment}>Continue to Payment Options</Button>
              </Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="payment" pt="lg">
            <Stack gap="md">
              <Radio.Group
                value={plan}
                onChange={(v) => setPlan(v === 'flex' ? 'flex' : 'full')}
                label="Choose how to pay"
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
                  <Radio.Card
                    value="full"
                    p="md"
                    radius="md"
                    aria-label={`Pay in Full: ${formatUsd(PLANS.full.amountCents)}`}
                  >
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <Stack gap={4}>
                        <Group gap="xs">
                          <Text fw={700}>{PLANS.full.label}</Text>
                          <Badge color="green">{`save ${fullPlanSavePercent()}%`}</Badge>
                        </Group>
                        <Group gap="xs" align="baseline">
                          <Text fz={28} fw={800}>
                            {formatUsd(PLANS.full.amountCents)}
                          </Text>
                          <Text
                            td="line-through"
                            c="gray.7"
                            aria-label={`List price ${formatUsd(PLANS.full.listPriceCents)}`}
                          >
                            {formatUsd(PLANS.full.listPriceCents)}
                          </Text>
                        </Group>
                        <Text fz="sm" c="gray.7">
                          One payment, nothing more to pay.
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                  <Radio.Card
                    value="flex"
                    p="md"
                    radius="md"
                    aria-label={`Flex Plan: ${formatUsd(PLANS.flex.amountCents)} per month for ${PLANS.flex.instalments} months`}
                  >
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <Stack gap={4}>
                        <Text fw={700}>{PLANS.flex.label}</Text>
                        <Text fz={28} fw={800}>
                          {formatUsd(PLANS.flex.amountCents)}
                          <Text span fz="md" fw={500}>
                            /month
                          </Text>
                        </Text>
                        <Text fz="sm" c="gray.7">
                          {PLANS.flex.instalments} monthly payments, {formatUsd(planTotalCents('flex'))} in
                          total.
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                </SimpleGrid>
              </Radio.Group>
              <Paper withBorder p="md" radius="md">
                <Text fz="sm">
                  {plan === 'full'
                    ? `You pay ${formatUsd(PLANS.full.amountCents)} today.`
                    : `You pay ${formatUsd(PLANS.flex.amountCents)} today, then ${formatUsd(PLANS.flex.amountCents)} each month for ${PLANS.flex.instalments - 1} more months (${formatUsd(planTotalCents('flex'))} in total).`}{' '}
                  Payment is taken by our payment provider on its secure page.
                </Text>
              </Paper>
              <Group justify="space-between">
                <Button variant="default" onClick={() => setTab('details')}>
                  Back to Your Details
                </Button>
                <Button onClick={pay} loading={start.isPending}>
                  Proceed to Payment
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/** The checkout has no site header: the way back to the public site, and to the login for trainers. */
function CheckoutWayOut() {
  return (
    <Group component="nav" aria-label="Soul Punch" gap="lg">
      <Anchor component={Link} to="/public" underline="always">
        Back to the Soul Punch site
      </Anchor>
      <Anchor component={Link} to="/trainer-portal/login" underline="always">
        Already a trainer? Sign in
      </Anchor>
    </Group>
  );
}

function AlreadyEnrolledAlert() {
  return (
    <Alert color="blue" role="alert" title="You are already enrolled">
      {enrolmentMessages.alreadyEnrolled}{' '}
      <Anchor component={Link} to="/trainer-portal/login">
        Go to the Trainer Portal login
      </Anchor>
    </Alert>
  );
}

/** The e-mailed code, entered in this browser before the provider's checkout opens. */
function CodeStep(props: {
  email: string;
  verifying: boolean;
  resending: boolean;
  resent: boolean;
  error: Error | null;
  onVerify: (code: string) => void;
  onResend: () => void;
  onChangeDetails: () => void;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the form the visitor was on: move focus to its heading so a screen reader announces it.
  useEffect(() => heading.current?.focus(), []);

  const fieldError = isApiError(props.error, 400) ? props.error.body?.error.fields?.code : undefined;
  const otherError =
    props.error && !fieldError && !(isApiError(props.error, 409) && props.error.code === 'already_enrolled')
      ? isApiError(props.error, 404)
        ? enrolmentMessages.sessionExpired
        : getErrorMessage(props.error)
      : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setMissing(true);
      return;
    }
    setMissing(false);
    props.onVerify(code);
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} fz="h2" ref={heading} tabIndex={-1}>
          Check your email
        </Title>
        <Text>
          {enrolmentMessages.codeSent} It was sent to <strong>{props.email}</strong> and expires in{' '}
          {ENROLMENT_CODE_TTL_MINUTES} minutes.
        </Text>
        {otherError && (
          <Alert color="red" role="alert">
            {otherError}
          </Alert>
        )}
        <TextInput
          label="6-digit code"
          description="Keep this page open: the code works only in this browser."
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={missing ? 'Please enter the 6-digit code from the email' : fieldError}
        />
        <div aria-live="polite">
          {props.resent && !props.resending && (
            <Text fz="sm" c="gray.7">
              A new code is on its way. Only the newest code works.
            </Text>
          )}
        </div>
        <Group justify="space-between">
          <Group gap="xs">
            <Button variant="default" onClick={props.onChangeDetails}>
              Change my details
            </Button>
            <Button variant="subtle" onClick={props.onResend} loading={props.resending}>
              Send a new code
            </Button>
          </Group>
          <Button type="submit" loading={props.verifying}>
            Verify and continue to payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
