import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { InsurancePolicyView } from '@soulpunch/shared';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import {
  insuranceCertificateUrl,
  useInsurance,
  useSubmitInsurance,
  useUploadInsuranceCertificate,
} from '../api/certification';
import { formatCertificateDay } from '../format';

const STATUS: Record<InsurancePolicyView['status'], { label: string; color: string }> = {
  none: { label: 'None', color: 'gray.7' },
  pending: { label: 'Waiting for review', color: '#a84300' },
  accepted: { label: 'Accepted', color: 'teal.9' },
  expired: { label: 'Expired', color: 'red.9' },
};

export function PolicySummary({ trainerId, policy }: { trainerId: number; policy: InsurancePolicyView }) {
  const status = STATUS[policy.status];
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={500}>{policy.provider}</Text>
        <Badge color={status.color}>{status.label}</Badge>
      </Group>
      <Text size="sm">
        Policy {policy.policyNumber}, expires {formatCertificateDay(policy.expiresOn)}
      </Text>
      {policy.hasCertificate ? (
        <Anchor href={insuranceCertificateUrl(trainerId)} size="sm">
          Download the insurance certificate
        </Anchor>
      ) : (
        <Text size="sm" c="gray.7">
          No certificate uploaded yet.
        </Text>
      )}
    </Stack>
  );
}

function PolicyForm({ trainerId, onDone }: { trainerId: number; onDone: () => void }) {
  const submit = useSubmitInsurance(trainerId);
  const [provider, setProvider] = useState('');
  const [policyNumber, setPolicyNumber] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const fields = (isApiError(submit.error, 400) ? submit.error.body?.error.fields : undefined) ?? {};
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate({ provider, policyNumber, expiresOn }, { onSuccess: onDone });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Insurance provider"
          value={provider}
          onChange={(e) => setProvider(e.currentTarget.value)}
          error={fields.provider}
          required
        />
        <TextInput
          label="Policy number"
          value={policyNumber}
          onChange={(e) => setPolicyNumber(e.currentTarget.value)}
          error={fields.policyNumber}
          required
        />
        <TextInput
          label="Policy expiry date"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.currentTarget.value)}
          error={fields.expiresOn}
          required
        />
        {submit.isError && !isApiError(submit.error, 400) && (
          <Alert color="red" role="alert">
            {getErrorMessage(submit.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={submit.isPending}>
            Save Policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CertificateUpload({ trainerId }: { trainerId: number }) {
  const upload = useUploadInsuranceCertificate(trainerId);
  const [file, setFile] = useState<File | null>(null);
  return (
    <Stack gap="xs">
      <FileInput
        label="Insurance certificate (PDF, PNG or JPEG, up to 5 MB)"
        placeholder="Choose a file"
        accept="application/pdf,image/png,image/jpeg"
        value={file}
        onChange={setFile}
        error={upload.isError ? getErrorMessage(upload.error) : undefined}
        clearable
      />
      <Group>
        <Button
          variant="default"
          disabled={!file}
          loading={upload.isPending}
          onClick={() =>
            file &&
            upload.mutate(file, {
              onSuccess: () => {
                setFile(null);
                notifications.show({
                  color: 'green',
                  title: 'Uploaded',
                  message: 'Your certificate is on file for review.',
                });
              },
            })
          }
        >
          Upload Certificate
        </Button>
      </Group>
    </Stack>
  );
}

/** The trainer's liability insurance on file: the current policy, a new one, and its certificate. */
export function InsuranceCard({ trainerId }: { trainerId: number }) {
  const insurance = useInsurance(trainerId);
  const [adding, setAdding] = useState(false);
  const view = insurance.data;
  if (!view) return null;
  const { policy } = view;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="insurance-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="insurance-title">
          Liability Insurance
        </Title>
        {view.required && (
          <Text size="sm">
            Soul Punch requires current insurance: an expired policy pauses your public listing until a new
            one is on file and accepted.
          </Text>
        )}
        {policy ? (
          <PolicySummary trainerId={trainerId} policy={policy} />
        ) : (
          <Text size="sm">No policy on file.</Text>
        )}
        {policy && policy.status !== 'expired' && <CertificateUpload trainerId={trainerId} />}
        {adding ? (
          <PolicyForm trainerId={trainerId} onDone={() => setAdding(false)} />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setAdding(true)}>
              {policy ? 'Add a Renewed Policy' : 'Add Your Policy'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
