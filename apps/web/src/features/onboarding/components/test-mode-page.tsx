import { Alert, Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePaymentProvider } from '@/features/payments';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const onboardingScreens = [
  { to: '/onboarding/checkout', label: 'Checkout' },
  { to: '/onboarding/confirmation', label: 'Payment Completed' },
  { to: '/onboarding/documents', label: 'Document Signing' },
  { to: '/onboarding/welcome', label: 'Welcome' },
] as const;

/** Spec 2.6: jumps straight to each onboarding screen, for trying the flow out of order. */
export function TestModePage() {
  useDocumentTitle('Test Mode | Soul Punch');
  const provider = usePaymentProvider();
  // Only while the offline test provider takes payments: with real payments there is no test mode.
  if (provider.isPending) {
    return (
      <Container size="sm" py="xl">
        <Text role="status">Loading...</Text>
      </Container>
    );
  }
  if (provider.data?.provider !== 'test') {
    return (
      <Container size="sm" py="xl">
        <Alert color="gray" role="status" title="Test mode is off">
          {provider.isError ? getErrorMessage(provider.error) : 'Payments are live on this installation.'}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Test Mode</Title>
          <Text c="gray.7">Open any onboarding screen directly.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {onboardingScreens.map((screen) => (
            <Button key={screen.to} component={Link} to={screen.to}>
              {screen.label}
            </Button>
          ))}
        </SimpleGrid>
        <Button component={Link} to="/" variant="default">
          Return to Dashboard
        </Button>
      </Stack>
    </Container>
  );
}
