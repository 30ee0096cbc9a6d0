import { Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { authMessages } from '@soulpunch/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
// The leaf module, not the feature's index: the documents feature itself imports auth.
import { takeReturnPath } from '@/lib/return-path';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifyMagicLink } from '../api/verify-magic-link';

/** Only same-site paths: the redirect comes from the server, but a stray absolute URL must not leave the app. */
function safeRedirect(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/**
 * The e-mailed link lands here and waits for a click: mail scanners fetch links, and an automatic
 * sign-in would spend the single-use token before the person ever saw it.
 */
export function ConfirmPage() {
  useDocumentTitle('Confirm Sign-In | Soul Punch');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verify = useVerifyMagicLink();
  const navigate = useNavigate();

  const errorMessage = !token
    ? authMessages.invalidLink
    : verify.isError
      ? getErrorMessage(verify.error)
      : null;

  function signIn() {
    if (!token) return;
    verify.mutate(
      { token },
      {
        // A document link opened while signed out comes back to that document.
        onSuccess: ({ redirectTo }) =>
          navigate(takeReturnPath() ?? safeRedirect(redirectTo), { replace: true }),
      },
    );
  }

  return (
    <Container size={460} py={64}>
      <Card withBorder shadow="sm" radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Confirm sign-in
          </Title>
          {errorMessage ? (
            <>
              <Text role="alert" c="red.9">
                {errorMessage}
              </Text>
              <Anchor component={Link} to="/trainer-portal/login">
                Back to Login
              </Anchor>
            </>
          ) : (
            <>
              <Text>Click the button below to sign in to the Soul Punch Trainer Platform.</Text>
              <Button onClick={signIn} disabled={verify.isPending || verify.isSuccess} fullWidth>
                {verify.isPending ? 'Signing in...' : 'Sign in'}
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
