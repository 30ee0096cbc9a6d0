import { Button, Card, Checkbox, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import { draftSections, fieldPath, type TrainerDraft } from '../../trainer-form-model';

interface TrainerEditFormProps {
  /** The draft, with messages by field path ('email', 'profile.trainingDate') from the client check or the server. */
  form: UseFormReturnType<TrainerDraft>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  saving: boolean;
}

/** Spec 2.3 edit mode: every section, 'Save Changes' ('Saving...' while busy) and 'Cancel'. */
export function TrainerEditForm({ form, onSubmit, onCancel, saving }: TrainerEditFormProps) {
  return (
    // noValidate: our messages (and the server's) sit under each input instead of the browser's bubbles.
    <form onSubmit={onSubmit} noValidate aria-label="Edit Trainer Profile">
      <Stack gap="lg">
        {draftSections.map((section) => (
          <Card key={section.title} withBorder radius="md" padding="lg" component="section">
            <Stack gap="md">
              <Title order={2} size="h3">
                {section.title}
              </Title>
              {section.texts.length > 0 && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {section.texts.map(({ field, label, type }) => (
                    <TextInput
                      key={field}
                      label={label}
                      type={type ?? 'text'}
                      name={fieldPath(field)}
                      {...form.getInputProps(fieldPath(field))}
                      required={field === 'name' || field === 'email'}
                      // The admin types someone else's details: the browser must not offer their own.
                      autoComplete="off"
                      disabled={saving}
                    />
                  ))}
                </SimpleGrid>
              )}
              {section.flags.length > 0 && (
                <Stack gap="sm">
                  {section.flags.map(({ field, label }) => (
                    <Checkbox
                      key={field}
                      label={label}
                      name={fieldPath(field)}
                      {...form.getInputProps(fieldPath(field), { type: 'checkbox' })}
                      disabled={saving}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          </Card>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
