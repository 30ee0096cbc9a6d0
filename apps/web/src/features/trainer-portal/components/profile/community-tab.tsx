import { Checkbox, Stack, Text } from '@mantine/core';
import { bindFlag, type ProfileFormApi } from './form-bindings';

export function CommunityTab({ form }: { form: ProfileFormApi }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Let us know which community groups you have joined.
      </Text>
      <Checkbox label="I'm in the WhatsApp group" {...bindFlag(form, 'inWhatsApp')} />
      <Checkbox label="I'm in the private Facebook group" {...bindFlag(form, 'inFacebook')} />
    </Stack>
  );
}
