import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { INSURANCE_PROVIDERS, renewalDateFor } from '@soulpunch/shared';
import { formatDay } from '../../format';
import { bindFlag, bindText, type ProfileFormApi } from './form-bindings';

export function CertificationTab({ form }: { form: ProfileFormApi }) {
  const { values } = form;
  const defaultRenewal = values.renewalDate
    ? null
    : formatDay(renewalDateFor(values.trainingDate || null, null));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Initial training date" type="date" {...bindText(form, 'trainingDate')} />
        <TextInput
          label="Next renewal date"
          type="date"
          description={defaultRenewal ? `Left empty, renewal is due ${defaultRenewal}.` : undefined}
          {...bindText(form, 'renewalDate')}
        />
      </SimpleGrid>
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
