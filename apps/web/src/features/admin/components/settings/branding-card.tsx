import {
  Button,
  Card,
  ColorInput,
  Fieldset,
  FileInput,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type BrandingAnswer,
  brandingUpdateSchema,
  contrastProblem,
  contrastRatio,
  isHexColor,
  MIN_CONTRAST,
} from '@soulpunch/shared';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useBranding, useRemoveLogo, useSaveBranding, useUploadLogo } from '../../api/branding';
import { BrandPreview } from './brand-preview';

const showError = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });

/** The colour's contrast against white as the form shows it under the field. */
function contrastText(color: string): string {
  if (!isHexColor(color)) return 'Enter the colour as #rrggbb.';
  const ratio = contrastRatio(color, '#ffffff');
  return contrastProblem(color) === null
    ? `Contrast against white: ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1 (at least ${MIN_CONTRAST}:1 needed).`
    : `Contrast against white: ${(Math.floor(ratio * 100) / 100).toFixed(2)}:1, below ${MIN_CONTRAST}:1.`;
}

function LogoField({ answer, disabled }: { answer: BrandingAnswer; disabled: boolean }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  return (
    <Group align="flex-end" gap="sm">
      <FileInput
        label="Logo"
        description={`PNG or JPEG, up to 1 MB; shown in page headers and e-mails.${answer.brand.logoUrl ? ' Choosing a file replaces the logo.' : ''}`}
        accept="image/png,image/jpeg"
        disabled={disabled || upload.isPending}
        value={null}
        onChange={(file) =>
          file &&
          upload.mutate(file, {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                title: 'Logo saved',
                message: 'Pages and e-mails show the new logo.',
              }),
            onError: showError,
          })
        }
        style={{ flex: 1, minWidth: 220 }}
      />
      {answer.brand.logoUrl && !disabled && (
        <Button
          variant="default"
          onClick={() => remove.mutate(undefined, { onError: showError })}
          loading={remove.isPending}
        >
          Remove logo
        </Button>
      )}
    </Group>
  );
}

function BrandingForm({ answer }: { answer: BrandingAnswer }) {
  const canChange = useCanChangeAdminArea();
  const save = useSaveBranding();
  const { brand } = answer;
  const form = useForm({
    initialValues: {
      name: brand.name,
      primaryColor: brand.primaryColor,
      supportEmail: brand.supportEmail,
      postalAddress: brand.postalAddress ?? '',
    },
    validate: schemaResolver(brandingUpdateSchema, { sync: true }),
  });
  const handleSubmit = form.onSubmit((values) =>
    save.mutate(brandingUpdateSchema.parse(values), {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Branding saved',
          message: 'Every page and e-mail uses it now.',
        }),
      onError: (error) => {
        const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
        if (fields) form.setErrors(fields);
        else showError(error);
      },
    }),
  );
  const { values } = form;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={handleSubmit} noValidate aria-label="Branding">
          <Fieldset variant="unstyled" disabled={!canChange}>
            <Stack gap="sm">
              <TextInput label="Brand name" {...form.getInputProps('name')} />
              <ColorInput
                label="Primary colour"
                format="hex"
                withEyeDropper={false}
                description={contrastText(values.primaryColor)}
                {...form.getInputProps('primaryColor')}
              />
              <TextInput label="Support e-mail" type="email" {...form.getInputProps('supportEmail')} />
              <Textarea
                label="Postal address"
                description="Shown at the foot of every e-mail."
                rows={2}
                {...form.getInputProps('postalAddress')}
              />
              {canChange && (
                <Group>
                  <Button type="submit" loading={save.isPending}>
                    Save Branding
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => form.setValues({ ...answer.defaults, postalAddress: '' })}
                  >
                    Use the defaults
                  </Button>
                </Group>
              )}
            </Stack>
          </Fieldset>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <Text fw={600} size="sm" id="brand-preview-title">
            Preview
          </Text>
          <BrandPreview name={values.name} primaryColor={values.primaryColor} logoUrl={brand.logoUrl} />
          <LogoField answer={answer} disabled={!canChange} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Brand name, logo, colour, support and postal addresses: every page and e-mail, with a live preview. */
export function BrandingCard() {
  const branding = useBranding();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="branding-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="branding-title">
            Branding
          </Title>
          <Text size="sm" c="gray.7">
            {branding.data?.updatedBy
              ? `Last changed by ${branding.data.updatedBy.name} on ${formatTimestamp(branding.data.updatedAt)}.`
              : 'The brand the platform shipped with.'}
          </Text>
        </div>
        {branding.isPending ? (
          <Loader size="sm" aria-label="Loading the branding" />
        ) : branding.isError ? (
          <Text c="red.9">{getErrorMessage(branding.error)}</Text>
        ) : (
          <BrandingForm answer={branding.data} />
        )}
      </Stack>
    </Card>
  );
}
