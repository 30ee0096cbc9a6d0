import { Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { INSURANCE_PROVIDERS } from '@soulpunch/shared';
import { bindFlag, bindText, type ProfileFormApi } from './form-bindings';

export function CertificationTab({ form }: { form: ProfileFormApi }) {
  const { values } = form;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Initial training date" type="date" {...bindText(form, 'trainingDate')} />
      </SimpleGrid>
      {/* The renewal date is the certificate's expiry, which Soul Punch keeps (decision record 0014). */}
      <Text size="sm">
        Your certificate's number, expiry and renewal are on your dashboard. Upload your insurance policy
        there for Soul Punch to accept it.
      </Text>
      <Checkbox label="I have liability insurance" {...bindFlag(form, 'hasInsurance')} />
      {values.hasInsurance && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Insurance provider"
            placeholder="Choose a provider"
            data={INSURANCE_PROVIDERS.map(({ value, label }) => ({ value, label }))}
            value={values.insuranceProvider || null}
            onChange={(value) => form.set('insuranceProvider', value ?? '')}
            error={form.errors.insuranceProvider}
            clearable
          />
          <TextInput label="Insurance expiry date" type="date" {...bindText(form, 'insuranceExpiry')} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
