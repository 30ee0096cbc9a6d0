import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { newTrainerSchema } from '@soulpunch/shared';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useAddTrainer } from '../../api/add-trainer';

/** Adds a trainer by name and e-mail; the server e-mails them a sign-in link. */
export function AddTrainerCard() {
  // Checked by the shared rule the server applies; editing a field clears its message.
  const form = useForm({
    initialValues: { name: '', email: '' },
    validate: schemaResolver(newTrainerSchema, { sync: true }),
  });
  const addTrainer = useAddTrainer();

  const handleSubmit = form.onSubmit((values) => {
    addTrainer.mutate(newTrainerSchema.parse(values), {
      onSuccess: (trainer) => {
        notifications.show({
          color: 'green',
          title: 'Trainer added',
          message: `${trainer.name} has been e-mailed a sign-in link.`,
        });
        form.reset();
      },
      onError: (error) => {
        const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
        if (fields && (fields.name || fields.email))
          form.setErrors({ name: fields.name, email: fields.email });
        else notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
      },
    });
  });

  const busy = addTrainer.isPending;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-trainer-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="add-trainer-title">
            Add Trainer
          </Title>
          <Text size="sm" c="gray.7">
            The new trainer receives an e-mail with a link to sign in.
          </Text>
        </div>
        <form onSubmit={handleSubmit} noValidate aria-labelledby="add-trainer-title">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Name"
                name="name"
                autoComplete="off"
                {...form.getInputProps('name')}
                required
                disabled={busy}
              />
              <TextInput
                label="Email"
                name="email"
                type="email"
                autoComplete="off"
                {...form.getInputProps('email')}
                required
                disabled={busy}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" disabled={busy}>
                {busy ? 'Adding...' : 'Add Trainer'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
