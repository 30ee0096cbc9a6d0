import { Card, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { landingPathFor } from '@soulpunch/shared';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../api/get-session';
import { LinkSent } from './link-sent';
import { LoginForm } from './login-form';

export function LoginPage() {
  const session = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');

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
              <LinkSent email={sentTo} onSendAnother={() => setSentTo(null)} />
            ) : (
              <LoginForm
                defaultEmail={lastEmail}
                onSent={(email) => {
                  setLastEmail(email);
                  setSentTo(email);
                }}
              />
            )}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
