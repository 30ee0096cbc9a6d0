import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '@/features/auth';
import { useRecordResourceVisit, useResources } from '@/features/trainer-portal';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The category of the portal's catalogue that a new trainer needs first. */
const ESSENTIAL = 'Essential Access';

/** Welcome: the Essential Access resources, each marked 'Visited' once opened (kept on the server), and the portal. */
export function WelcomePage() {
  useDocumentTitle('Welcome to Soul Punch');
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const resources = useResources({ enabled: signedIn });
  const visit = useRecordResourceVisit();
  const essential =
    resources.data?.categories.find((c) => c.name === ESSENTIAL) ?? resources.data?.categories[0] ?? null;

  if (session.data && !signedIn) {
    // A visitor (or a trainer whose session ended): nothing here is theirs to see until they sign in.
    return (
      <Container size="sm" py="xl" px="md">
        <Stack gap="lg">
          <Title order={1}>Welcome to Soul Punch</Title>
          <Text>Sign in to see your essentials and your trainer portal.</Text>
          <Button component={Link} to="/trainer-portal/login" size="md" w="fit-content">
            Sign in
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Welcome to Soul Punch</Title>
          <Text c="gray.7">
            Your documents are signed and your trainer access is ready. Start with these essentials, then head
            to your portal.
          </Text>
        </Stack>
        {resources.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(resources.error)}
          </Alert>
        )}
        {essential && (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Title order={2} fz="h3">
                {essential.name}
              </Title>
              {essential.resources.map((resource) => (
                <Group key={resource.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor
                      href={resource.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => visit.mutate(resource.id)}
                      fw={600}
                    >
                      {resource.name}
                    </Anchor>
                    <Text fz="sm" c="gray.7">
                      {resource.description}
                    </Text>
                  </Stack>
                  {resource.visited && (
                    <Badge color="green" variant="light">
                      Visited
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </Paper>
        )}
        <Button component={Link} to="/trainer-portal/dashboard" size="md">
          Go to the Trainer Portal
        </Button>
      </Stack>
    </Container>
  );
}
