import { Button, Card, Checkbox, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { draftSections, fieldPath, type TrainerDraft } from '../../trainer-form-model';

type TextField = (typeof draftSections)[number]['texts'][number]['field'];
type FlagField = (typeof draftSections)[number]['flags'][number]['field'];

interface TrainerEditFormProps {
  draft: TrainerDraft;
  onChange: (draft: TrainerDraft, path: string) => void;
  /** Field path ('email', 'profile.trainingDate') -> message, from the client check or the server. */
  errors: Record<string, string>;
  onSubmit: () => void;
  onCancel: () => void;
  saving: boolean;
}

function readText(draft: TrainerDraft, field: TextField): string {
  const source: object = field in draft.profile ? draft.profile : draft;
  const value: unknown = (source as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : '';
}

function writeText(draft: TrainerDraft, field: TextField, value: string): TrainerDraft {
  if (field in draft.profile) return { ...draft, profile: { ...draft.profile, [field]: value } };
  return { ...draft, [field]: value };
}

/** Spec 2.3 edit mode: every section, 'Save Changes' ('Saving...' while busy) and 'Cancel'. */
export function TrainerEditForm({
  draft,
  onChange,
  errors,
  onSubmit,
  onCancel,
  saving,
}: TrainerEditFormProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    // noValidate: our messages (and the server's) sit under each input instead of the browser's bubbles.
    <form onSubmit={handleSubmit} noValidate aria-label="Edit Trainer Profile">
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
                      value={readText(draft, field)}
                      onChange={(event) =>
                        onChange(writeText(draft, field, event.currentTarget.value), fieldPath(field))
                      }
                      error={errors[fieldPath(field)]}
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
                      checked={draft.profile[field as FlagField]}
                      onChange={(event) =>
                        onChange(
                          { ...draft, profile: { ...draft.profile, [field]: event.currentTarget.checked } },
                          fieldPath(field),
                        )
                      }
                      error={errors[fieldPath(field)]}
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
