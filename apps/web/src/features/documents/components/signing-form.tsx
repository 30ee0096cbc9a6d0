import { Alert, Button, Checkbox, Paper, Stack, TextInput } from '@mantine/core';
import { type DocumentDetail, documentMessages, signDocumentSchema } from '@soulpunch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { documentKeys } from '../api/query-keys';
import { useSignDocument } from '../api/sign-document';
import { SignatureCanvas } from './signature-canvas';

interface FieldErrors {
  agreed?: string;
  fullName?: string;
}

/** The box, the typed name, the optional drawing and 'Sign {title}'. The server checks everything again. */
export function SigningForm({
  document,
  onVersionChanged,
}: {
  document: DocumentDetail;
  onVersionChanged: () => void;
}) {
  const sign = useSignDocument();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const [fullName, setFullName] = useState('');
  const [signatureImage, setSignatureImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { templateHash: document.templateHash, agreed, fullName, signatureImage };
    const parsed = signDocumentSchema.safeParse(body);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'agreed') next.agreed = documentMessages.agreeRequired;
        if (field === 'fullName') next.fullName = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    sign.mutate(
      { id: document.id, body: parsed.data },
      {
        onError: (error) => {
          // The text changed under the signer: show the current version; they must read it again.
          if (isApiError(error, 409) && error.code === 'version_changed') {
            setAgreed(false);
            onVersionChanged();
          }
          // Consent withdrawn meanwhile (another tab): show the consent step again.
          if (isApiError(error, 409) && error.code === 'consent_required') {
            void queryClient.invalidateQueries({ queryKey: documentKeys.consent() });
          }
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox
          label="I have read and agree"
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          error={errors.agreed}
        />
        <TextInput
          label="Full name"
          description="Type your full name as your signature."
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          error={errors.fullName}
          required
        />
        <SignatureCanvas onChange={setSignatureImage} />
        {sign.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(sign.error)}
          </Alert>
        )}
        <Button type="submit" size="md" loading={sign.isPending}>
          Sign {document.title}
        </Button>
      </Stack>
    </Paper>
  );
}
