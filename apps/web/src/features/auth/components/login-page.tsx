import { Anchor, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { authMessages, landingPathFor } from '@soulpunch/shared';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../api/get-session';
import { LinkSent } from './link-sent';
import { LoginForm } from './login-form';

/**
 * Why the server sent no link for the form posted before the page came alive (apps/server/src/modules/auth
 * routes.ts): shown under the field, as the page's script would show it.
 */
export function loginFormError(code: string | null): string | null {
  if (!code) return null;
  if (code === 'invalid_email') return authMessages.invalidEmail;
  if (code === 'unknown_email') return authMessages.unknownEmail;
  if (code === 'rate_limited') return authMessages.tooManyRequests;
  return 'Something went wrong. Please try again.';
}

export function LoginPage() {
  useDocumentTitle('Sign In | Soul Punch Trainer Portal');
  const session = useSession();
  // The outcome of the form posted before the page came alive, in the address the server sent the browser to.
  const [searchParams, setSearchParams] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(() => searchParams.get('sent') || null);
  const [lastEmail, setLastEmail] = useState(
    () => searchParams.get('sent') ?? searchParams.get('email') ?? '',
  );
  const [postedError, setPostedError] = useState(() => loginFormError(searchParams.get('error')));

  if (session.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const user = session.data?.user;
  if (user) return <Navigate to={landingPathFor(user)} replace />;

  return (
    <Container size={460} py={64}>
      <Stack gap="xl">
        <Stack gap="xs" ta="center">
          <Title order={1}>Trainer Portal</Title>
          <Text c="gray.7">Sign in to access your exclusive Soul Punch trainer resources.</Text>
        </Stack>
        <Card withBorder shadow="sm" radius="md" padding="xl">
          <Stack gap="md">
            <Title order={2} size="h3">
              Enter Your Email
            </Title>
            {sentTo ? (
              <LinkSent
                email={sentTo}
                onSendAnother={() => {
                  setSentTo(null);
                  // A reload shows the form, not a link sent before.
                  if (searchParams.size > 0) setSearchParams({}, { replace: true });
                }}
              />
            ) : (
              <LoginForm
                defaultEmail={lastEmail}
                defaultError={postedError}
                onSent={(email) => {
                  setPostedError(null);
                  setLastEmail(email);
                  setSentTo(email);
                }}
              />
            )}
          </Stack>
        </Card>
        {/* '/' is this page: the way on for a visitor who is not a trainer yet, or who came for a trainer. */}
        <Group component="nav" aria-label="Soul Punch" justify="center" gap="lg">
          <Anchor component={Link} to="/onboarding/checkout" underline="always">
            Become a certified trainer
          </Anchor>
          <Anchor component={Link} to="/public" underline="always">
            Visit the Soul Punch site
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
