import { Alert, Button, Checkbox, Paper, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  type DocumentDetail,
  documentMessages,
  nameMismatchMessage,
  signDocumentSchema,
  signsAs,
} from '@soulpunch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { documentKeys } from '../api/query-keys';
import type { useSignDocument } from '../api/sign-document';
import { SignatureCanvas } from './signature-canvas';

const signingErrors = schemaResolver(signDocumentSchema, { sync: true });

/**
 * The box, the typed name, the optional drawing and 'Sign {title}'. The server checks everything again. The page
 * owns the signing (`sign`): this form is gone once the document reads as signed, and the page says what comes next.
 */
export function SigningForm({
  document,
  sign,
  onVersionChanged,
}: {
  document: DocumentDetail;
  sign: ReturnType<typeof useSignDocument>;
  onVersionChanged: () => void;
}) {
  const queryClient = useQueryClient();
  // The page keeps its signing across documents: only this document's attempt speaks here.
  const thisDocument = sign.variables?.id === document.id;
  const form = useForm({
    initialValues: { agreed: false, fullName: '', signatureImage: null as string | null },
    // A message stays until the next press of 'Sign', as before.
    clearInputErrorOnChange: false,
    validate: (values) => {
      const errors = signingErrors({ ...values, templateHash: document.templateHash });
      // The server refuses another person's name too; said here at once, with the name it expects.
      if (!errors.fullName && !signsAs(values.fullName, document.trainerName)) {
        errors.fullName = nameMismatchMessage(document.trainerName);
      }
      return errors.agreed ? { ...errors, agreed: documentMessages.agreeRequired } : errors;
    },
  });

  const submit = form.onSubmit((values) => {
    const body = signDocumentSchema.parse({ ...values, templateHash: document.templateHash });
    sign.mutate(
      { id: document.id, body },
      {
        onError: (error) => {
          // The text changed under the signer: show the current version; they must read it again.
          if (isApiError(error, 409) && error.code === 'version_changed') {
            form.setFieldValue('agreed', false);
            onVersionChanged();
          }
          // Consent withdrawn meanwhile (another tab): show the consent step again.
          if (isApiError(error, 409) && error.code === 'consent_required') {
            void queryClient.invalidateQueries({ queryKey: documentKeys.consent() });
          }
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox label="I have read and agree" {...form.getInputProps('agreed', { type: 'checkbox' })} />
        <TextInput
          label="Full name"
          description="Type your full name as your signature."
          autoComplete="name"
          {...form.getInputProps('fullName')}
          required
        />
        <SignatureCanvas onChange={(image) => form.setFieldValue('signatureImage', image)} />
        {thisDocument && sign.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(sign.error)}
          </Alert>
        )}
        <Button type="submit" size="md" loading={thisDocument && sign.isPending}>
          Sign {document.title}
        </Button>
      </Stack>
    </Paper>
  );
}
