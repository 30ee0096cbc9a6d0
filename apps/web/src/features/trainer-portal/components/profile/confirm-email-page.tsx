import { Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmEmailChange } from '../../api/email-change';

const MISSING_LINK =
  'This confirmation link is invalid, has expired or was already used. Ask for a new one from your profile.';

/**
 * The link e-mailed to a new sign-in address lands here and waits for a click, like the sign-in link: a mail
 * scanner that fetches the link must not spend it.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm Your New E-mail | Soul Punch');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const confirm = useConfirmEmailChange();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);

  const errorMessage = !token ? MISSING_LINK : confirm.isError ? getErrorMessage(confirm.error) : null;

  return (
    <Container size={460} py={64}>
      <Card withBorder shadow="sm" radius="md" padding="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Confirm your new e-mail
          </Title>
          {confirm.isSuccess ? (
            <>
              <Text role="status">
                Your sign-in e-mail is now {confirm.data.email}. Use it the next time you sign in.
              </Text>
              <Anchor component={Link} to={signedIn ? '/trainer-portal/profile' : '/trainer-portal/login'}>
                {signedIn ? 'Back to My Profile' : 'Go to Login'}
              </Anchor>
            </>
          ) : errorMessage ? (
            <>
              <Text role="alert" c="red.9">
                {errorMessage}
              </Text>
              <Anchor component={Link} to={signedIn ? '/trainer-portal/profile' : '/trainer-portal/login'}>
                {signedIn ? 'Back to My Profile' : 'Back to Login'}
              </Anchor>
            </>
          ) : (
            <>
              <Text>
                Press the button to sign in to the Soul Punch Trainer Portal with this address from now on.
              </Text>
              <Button
                onClick={() => token && confirm.mutate({ token })}
                loading={confirm.isPending}
                fullWidth
              >
                Confirm new e-mail
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
