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
import { useState } from 'react';
import { useSession } from '@/features/auth';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { type Administrator, useAdministrators } from '../../api/get-administrators';
import { useGrantAdmin } from '../../api/grant-admin';
import { useRevokeAdmin } from '../../api/revoke-admin';

function showError(error: unknown) {
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
}

function GrantAdminForm() {
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(adminRoleRequestSchema, { sync: true }),
  });
  const grant = useGrantAdmin();

  const handleSubmit = form.onSubmit((values) => {
    grant.mutate(adminRoleRequestSchema.parse(values), {
      onSuccess: (admin) => {
        notifications.show({
          color: 'green',
          title: 'Administrator added',
          message: `${admin.email} can now use the admin area.`,
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
    <form onSubmit={handleSubmit} noValidate aria-label="Grant admin role">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Grant admin role"
          description="The person signs in with this e-mail address."
          placeholder="name@example.com"
          type="email"
          autoComplete="off"
          {...form.getInputProps('email')}
          disabled={grant.isPending}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" disabled={grant.isPending} mt={{ base: 0, xs: 46 }}>
          {grant.isPending ? 'Granting...' : 'Grant Admin Role'}
        </Button>
      </Group>
    </form>
  );
}

/** Lists administrators; removing one is confirmed first, and the last one cannot be removed. */
export function AdministratorsCard() {
  const administrators = useAdministrators();
  const revoke = useRevokeAdmin();
  const session = useSession();
  const [confirming, setConfirming] = useState<Administrator | null>(null);

  function remove(admin: Administrator) {
    revoke.mutate(admin.email, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Administrator removed',
          message: `${admin.email} is no longer an administrator.`,
        });
        setConfirming(null);
      },
      onError: (error) => {
        showError(error);
        setConfirming(null);
      },
    });
  }

  const me = session.data?.user?.email;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="administrators-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="administrators-title">
          Administrators
        </Title>
        {administrators.isPending ? (
          <Loader size="sm" aria-label="Loading administrators" />
        ) : administrators.isError ? (
          <Text c="red.9">{getErrorMessage(administrators.error)}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-labelledby="administrators-title">
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
                {administrators.data.map((admin) => (
                  <Table.Tr key={admin.id}>
                    <Table.Td>
                      {admin.name}
                      {admin.email === me && (
                        <Text span size="xs" c="gray.7" ml={6}>
                          (you)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{admin.email}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        onClick={() => setConfirming(admin)}
                        aria-label={`Remove ${admin.email}`}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <GrantAdminForm />
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Remove administrator?"
        centered
      >
        <Text size="sm">
          {confirming?.email} will no longer be able to use the admin area.
          {confirming?.email === me ? ' This is your own account.' : ''}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => confirming && remove(confirming)} disabled={revoke.isPending}>
            {revoke.isPending ? 'Removing...' : 'Remove Administrator'}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
