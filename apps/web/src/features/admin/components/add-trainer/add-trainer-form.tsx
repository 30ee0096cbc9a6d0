import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { newTrainerSchema } from '@soulpunch/shared';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { type AddedTrainer, useAddTrainer } from '../../api/add-trainer';

interface AddTrainerFormProps {
  /** The id of the heading that names the form (the card's or the dialog's title). */
  labelledBy: string;
  /** After the trainer is added and told (e.g. to close the dialog the form is in). */
  onAdded?: (trainer: AddedTrainer) => void;
}

/**
 * Adds a trainer by name and e-mail; the server e-mails them a sign-in link and their documents. One form for the
 * Settings card and the Trainers page's dialog, so both add a trainer the same way.
 */
export function AddTrainerForm({ labelledBy, onAdded }: AddTrainerFormProps) {
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
        onAdded?.(trainer);
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
    <form onSubmit={handleSubmit} noValidate aria-labelledby={labelledBy}>
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
  );
}

/** What the new trainer receives, said the same wherever the form is. */
export const ADD_TRAINER_HINT = 'The new trainer receives an e-mail with a link to sign in.';
