import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { bindText, type ProfileFormApi } from './form-bindings';

function AdditionalPlatforms({ form }: { form: ProfileFormApi }) {
  const rows = form.values.otherSocialMedia;
  const update = (index: number, change: Partial<{ platform: string; url: string }>) =>
    form.set(
      'otherSocialMedia',
      rows.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Additional Social Platforms
      </Title>
      {rows.length === 0 && (
        <Text size="sm" c="gray.7">
          Add any other platform where people can find you.
        </Text>
      )}
      {rows.map((row, index) => (
        // Rows have no id of their own; their position is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={`Platform name ${index + 1}`}
            placeholder="e.g. Threads"
            value={row.platform}
            onChange={(e) => update(index, { platform: e.currentTarget.value })}
            error={form.errors[`otherSocialMedia.${index}.platform`]}
            style={{ flex: 1 }}
          />
          <TextInput
            label={`URL or username ${index + 1}`}
            value={row.url}
            onChange={(e) => update(index, { url: e.currentTarget.value })}
            error={form.errors[`otherSocialMedia.${index}.url`]}
            style={{ flex: 2 }}
          />
          <ActionIcon
            variant="subtle"
            color="red.9"
            mt={28}
            size="lg"
            aria-label={`Remove platform ${index + 1}`}
            onClick={() =>
              form.set(
                'otherSocialMedia',
                rows.filter((_, i) => i !== index),
              )
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="sm"
          onClick={() => form.set('otherSocialMedia', [...rows, { platform: '', url: '' }])}
        >
          + Add Platform
        </Button>
      </Group>
    </Stack>
  );
}

export function SocialTab({ form }: { form: ProfileFormApi }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Instagram" placeholder="@yourhandle" {...bindText(form, 'instagram')} />
        <TextInput label="Facebook" {...bindText(form, 'facebook')} />
        <TextInput label="TikTok" placeholder="@yourhandle" {...bindText(form, 'tiktok')} />
        <TextInput label="LinkedIn" {...bindText(form, 'linkedin')} />
        <TextInput label="Twitter/X" placeholder="@yourhandle" {...bindText(form, 'twitter')} />
        <TextInput label="Pillar" {...bindText(form, 'pillar')} />
        <TextInput label="YouTube" {...bindText(form, 'youtube')} />
        <TextInput label="Website" type="url" placeholder="https://" {...bindText(form, 'website')} />
      </SimpleGrid>
      <AdditionalPlatforms form={form} />
    </Stack>
  );
}
