import { NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import {
  AVAILABILITY_OPTIONS,
  BIO_MAX_LENGTH,
  CLASS_TYPE_PRESETS,
  EXPERIENCE_LEVELS,
  SPECIALIZATION_PRESETS,
} from '@soulpunch/shared';
import type { FlagFieldKey } from '../../profile-form';
import { bindFlag, bindText, type ProfileFormApi } from './form-bindings';
import { TagPicker } from './tag-picker';

const VISIBILITY: Array<{ key: FlagFieldKey; label: string }> = [
  { key: 'showFullName', label: 'Show full name' },
  { key: 'showEmail', label: 'Show email' },
  { key: 'showPhone', label: 'Show phone' },
  { key: 'showCity', label: 'Show city' },
  { key: 'showState', label: 'Show state' },
  { key: 'showBio', label: 'Show bio' },
  { key: 'showWebsite', label: 'Show website' },
  { key: 'showSocialMedia', label: 'Show social media' },
];

/** A stored value outside the presets stays selectable, so opening the editor never drops it. */
function withCurrent(options: Array<{ value: string; label: string }>, current: string) {
  return current && !options.some((o) => o.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

export function PublicProfileTab({ form }: { form: ProfileFormApi }) {
  const { values } = form;
  const bioLength = values.publicBio.length;
  return (
    <Stack gap="lg">
      <Switch
        label="Show in trainer directory"
        description="When on, visitors can find you in the public trainer directory."
        {...bindFlag(form, 'publiclyListed')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Display name" {...bindText(form, 'displayName')} />
        <TextInput label="Location" placeholder="City, State" {...bindText(form, 'displayLocation')} />
        <TextInput label="Public email" type="email" {...bindText(form, 'publicEmail')} />
        <TextInput label="Public phone" type="tel" {...bindText(form, 'publicPhone')} />
        <TextInput
          label="Public website"
          type="url"
          placeholder="https://"
          {...bindText(form, 'websitePublic')}
        />
        <TextInput
          label="Preferred contact"
          description="An email, phone number or web address for the Contact button."
          {...bindText(form, 'displayContact')}
        />
        <Select
          label="Experience level"
          placeholder="Choose your experience"
          data={withCurrent(
            EXPERIENCE_LEVELS.map((level) => ({ value: level, label: level })),
            values.experienceDescription,
          )}
          value={values.experienceDescription || null}
          onChange={(value) => form.set('experienceDescription', value ?? '')}
          error={form.errors.experienceDescription}
          clearable
        />
        <NumberInput
          label="Years of experience"
          min={0}
          max={80}
          allowDecimal={false}
          allowNegative={false}
          value={values.yearsExperience}
          onChange={(value) => form.set('yearsExperience', value)}
          error={form.errors.yearsExperience}
        />
        <Select
          label="Availability"
          placeholder="Choose your availability"
          data={withCurrent(
            AVAILABILITY_OPTIONS.map(({ value, label }) => ({ value, label })),
            values.availabilityDescription,
          )}
          value={values.availabilityDescription || null}
          onChange={(value) => form.set('availabilityDescription', value ?? '')}
          error={form.errors.availabilityDescription}
          clearable
        />
        <TextInput
          label="Public social media"
          description="Handles or links, separated by commas."
          {...bindText(form, 'publicSocialMedia')}
        />
      </SimpleGrid>
      <Textarea
        label="Public bio"
        description={
          // The counter sits in the description so it is read along with the field.
          <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span>{BIO_MAX_LENGTH} characters maximum</span>
            <span>
              {bioLength}/{BIO_MAX_LENGTH}
            </span>
          </span>
        }
        rows={4}
        maxLength={BIO_MAX_LENGTH}
        {...bindText(form, 'publicBio')}
      />
      <TagPicker
        title="Specializations"
        noun="specialization"
        presets={SPECIALIZATION_PRESETS}
        value={values.specializations}
        onChange={(value) => form.set('specializations', value)}
        error={form.errors.specializations}
      />
      <TagPicker
        title="Class types"
        noun="class type"
        presets={CLASS_TYPE_PRESETS}
        value={values.classTypes}
        onChange={(value) => form.set('classTypes', value)}
        error={form.errors.classTypes}
      />
      <Stack gap="xs" role="group" aria-labelledby="directory-visibility-title">
        <Title order={3} size="h5" id="directory-visibility-title">
          What the directory shows
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {VISIBILITY.map(({ key, label }) => (
            <Switch key={key} label={label} {...bindFlag(form, key)} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
