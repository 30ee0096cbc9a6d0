import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { pageBrand } from '@/lib/brand';
import type { FlagFieldKey } from '../../profile-form';
import { bindFlag, type ProfileFormApi } from './form-bindings';

const MATERIALS: Array<{ key: FlagFieldKey; label: string }> = [
  { key: 'hasCurriculum', label: 'Curriculum' },
  { key: 'hasMarketingResources', label: 'Marketing resources' },
  { key: 'hasWorkbooks', label: 'Workbooks' },
  { key: 'hasVideoLibrary', label: 'Video library' },
  { key: 'hasTrainerDrive', label: 'Trainer Drive' },
  { key: 'hasCanva', label: 'Canva' },
  { key: 'hasMarketingAssets', label: 'Marketing assets' },
];

export function MaterialsTab({
  form,
  materialsUnlocked,
}: {
  form: ProfileFormApi;
  materialsUnlocked: boolean;
}) {
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Check the materials you have access to.
      </Text>
      {/* Why Materials reads 0% before payment, as the admin's Material Access does. */}
      {!materialsUnlocked && (
        <Text size="sm" c="gray.7">
          Your materials open once your payment is complete: until then they do not count towards your
          profile.
        </Text>
      )}
      {MATERIALS.map(({ key, label }) => (
        <Checkbox key={key} label={label} {...bindFlag(form, key)} />
      ))}
      <Text size="sm">
        If you're missing access to any materials, please contact{' '}
        <Anchor href={`mailto:${pageBrand().supportEmail}`}>{pageBrand().supportEmail}</Anchor> and we'll help
        restore your access.
      </Text>
    </Stack>
  );
}
