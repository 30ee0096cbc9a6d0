import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { EsignDisclosure } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { useGiveEsignConsent } from '../api/give-esign-consent';
import { DocumentText } from './document-text';

/** ESIGN: before any electronic signature, the signer agrees to electronic records, once, with the disclosure. */
export function ConsentStep({ disclosure }: { disclosure: EsignDisclosure }) {
  const consent = useGiveEsignConsent();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} fz="h3">
          Electronic records and signatures
        </Title>
        <Text>Before you sign, please read how we use electronic records and your rights.</Text>
        <DocumentText body={disclosure.text} />
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          Disclosure version {disclosure.version} · SHA-256 {disclosure.sha256}
        </Text>
        {consent.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(consent.error)}
          </Alert>
        )}
        <Button loading={consent.isPending} onClick={() => consent.mutate(disclosure)}>
          I agree to use electronic records and signatures
        </Button>
      </Stack>
    </Paper>
  );
}
