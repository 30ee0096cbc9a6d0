import { SimpleGrid, TextInput } from '@mantine/core';
import { bindText, type ProfileFormApi } from './form-bindings';

export function PersonalTab({ form }: { form: ProfileFormApi }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="Full name" autoComplete="name" required {...bindText(form, 'fullName')} />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        required
        description="Your sign-in e-mail. A new one takes effect once you confirm the link we send to it."
        {...bindText(form, 'email')}
      />
      <TextInput label="Phone" type="tel" autoComplete="tel" {...bindText(form, 'phone')} />
      <TextInput
        label="Website"
        type="url"
        placeholder="https://"
        autoComplete="url"
        {...bindText(form, 'website')}
      />
      <TextInput label="Street address" autoComplete="street-address" {...bindText(form, 'address')} />
      <TextInput label="City" autoComplete="address-level2" {...bindText(form, 'city')} />
      <TextInput label="State/Province" autoComplete="address-level1" {...bindText(form, 'state')} />
      <TextInput label="Postal code" autoComplete="postal-code" {...bindText(form, 'postalCode')} />
    </SimpleGrid>
  );
}
