import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { EsignConsentState } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useWithdrawEsignConsent } from '../api/withdraw-esign-consent';

/** Where a signer can take back the consent to electronic records, with what that does. */
export function ElectronicRecordsSection({ consent }: { consent: EsignConsentState }) {
  const withdraw = useWithdrawEsignConsent();
  if (!consent.given) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="electronic-records-title">
      <Stack gap="xs">
        <Title id="electronic-records-title" order={2} fz="h5">
          Electronic records
        </Title>
        <Text size="sm">
          You agreed to use electronic records and signatures on {formatTimestamp(consent.given.at)}{' '}
          (disclosure version {consent.given.version}).
        </Text>
        <Text size="sm">
          You may withdraw this consent. Documents you have already signed stay signed; to sign anything else
          electronically you will be asked to agree again. To receive a paper copy instead, contact support.
        </Text>
        {withdraw.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(withdraw.error)}
          </Alert>
        )}
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          w="fit-content"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate()}
        >
          Withdraw consent
        </Button>
      </Stack>
    </Paper>
  );
}
