import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { newTrainerSchema } from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useAddTrainer } from '../../api/add-trainer';

type Field = 'name' | 'email';

/** Adds a trainer by name and e-mail; the server e-mails them a sign-in link. */
export function AddTrainerCard() {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const addTrainer = useAddTrainer();

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _edited, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = newTrainerSchema.safeParse(values);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]).reverse(),
        ),
      );
      return;
    }
    setErrors({});
    addTrainer.mutate(checked.data, {
      onSuccess: (trainer) => {
        notifications.show({
          color: 'green',
          title: 'Trainer added',
          message: `${trainer.name} has been e-mailed a sign-in link.`,
        });
        setValues({ name: '', email: '' });
      },
      onError: (error) => {
        const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
        if (fields && (fields.name || fields.email)) setErrors({ name: fields.name, email: fields.email });
        else notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
      },
    });
  }

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
                value={values.name}
                onChange={(event) => change('name', event.currentTarget.value)}
                error={errors.name}
                required
                disabled={busy}
              />
              <TextInput
                label="Email"
                name="email"
                type="email"
                autoComplete="off"
                value={values.email}
                onChange={(event) => change('email', event.currentTarget.value)}
                error={errors.email}
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
