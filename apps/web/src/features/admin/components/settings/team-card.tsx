import {
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { adminRoleRequestSchema } from '@soulpunch/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanChangeAdminArea, useSession } from '@/features/auth';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import type { Administrator } from '../../api/get-administrators';

/** The words of one role's card: administrators' (the spec's) or staff's. */
export interface TeamRoleWords {
  id: string;
  title: string;
  description?: string;
  grantLabel: string;
  grantButton: string;
  added: { title: string; message: (email: string) => string };
  remove: { dialog: string; button: string; warning: (email: string) => string };
  removed: { title: string; message: (email: string) => string };
}

interface TeamCardProps {
  words: TeamRoleWords;
  members: UseQueryResult<Administrator[]>;
  grant: UseMutationResult<Administrator, Error, { email: string }>;
  revoke: UseMutationResult<void, Error, string>;
}

function showError(error: unknown) {
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
}

function GrantForm({ words, grant }: Pick<TeamCardProps, 'words' | 'grant'>) {
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(adminRoleRequestSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) => {
    grant.mutate(adminRoleRequestSchema.parse(values), {
      onSuccess: (person) => {
        notifications.show({
          color: 'green',
          title: words.added.title,
          message: words.added.message(person.email),
        });
        form.reset();
      },
      onError: (caught) => {
        const fieldError = isApiError(caught, 400) ? caught.body?.error.fields?.email : undefined;
        if (fieldError) form.setFieldError('email', fieldError);
        else showError(caught);
      },
    });
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={words.grantLabel}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={words.grantLabel}
          description="The person signs in with this e-mail address and is told by e-mail."
          placeholder="name@example.com"
          type="email"
          autoComplete="off"
          {...form.getInputProps('email')}
          disabled={grant.isPending}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" disabled={grant.isPending} mt={{ base: 0, xs: 46 }}>
          {grant.isPending ? 'Granting...' : words.grantButton}
        </Button>
      </Group>
    </form>
  );
}

function MemberRows({
  people,
  onRemove,
}: {
  people: Administrator[];
  onRemove?: (p: Administrator) => void;
}) {
  const me = useSession().data?.user?.email;
  return people.map((person) => (
    <Table.Tr key={person.id}>
      <Table.Td>
        {person.name}
        {person.email === me && (
          <Text span size="xs" c="gray.7" ml={6}>
            (you)
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email}</Table.Td>
      <Table.Td ta="right">
        {onRemove && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => onRemove(person)}
            aria-label={`Remove ${person.email}`}
          >
            Remove
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  ));
}

/** One admin-area role: who holds it, granting it by e-mail and removing it after a confirmation (admins only). */
export function TeamCard({ words, members, grant, revoke }: TeamCardProps) {
  const canChange = useCanChangeAdminArea();
  const me = useSession().data?.user?.email;
  const [confirming, setConfirming] = useState<Administrator | null>(null);
  const titleId = `${words.id}-title`;

  function remove(person: Administrator) {
    revoke.mutate(person.email, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: words.removed.title,
          message: words.removed.message(person.email),
        }),
      onError: showError,
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {words.title}
          </Title>
          {words.description && (
            <Text size="sm" c="gray.7">
              {words.description}
            </Text>
          )}
        </div>
        {members.isPending ? (
          <Loader size="sm" aria-label={`Loading ${words.title.toLowerCase()}`} />
        ) : members.isError ? (
          <Text c="red.9">{getErrorMessage(members.error)}</Text>
        ) : members.data.length === 0 ? (
          <Text size="sm">Nobody has this role yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <MemberRows people={members.data} onRemove={canChange ? setConfirming : undefined} />
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canChange && <GrantForm words={words} grant={grant} />}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={words.remove.dialog}
        centered
      >
        <Text size="sm">
          {confirming && words.remove.warning(confirming.email)}
          {confirming?.email === me ? ' This is your own account.' : ''}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => confirming && remove(confirming)} disabled={revoke.isPending}>
            {revoke.isPending ? 'Removing...' : words.remove.button}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
