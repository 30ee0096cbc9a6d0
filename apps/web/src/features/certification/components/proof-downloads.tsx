import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { type CertificationView, certificateVerifyPath } from '@soulpunch/shared';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { canDownloadProof, certificatePdfUrl, credentialUrl } from '../api/certification';

/**
 * The certificate's proof (decision record 0015): the sealed PDF, the digital credential for the trainer, and the
 * public page anyone checks it on. Nothing while the certificate is not valid (the server refuses too).
 */
export function ProofDownloads({
  trainerId,
  view,
  credential = true,
}: {
  trainerId: number;
  view: CertificationView;
  /** The trainer's portal offers the credential too; the admin's panel the PDF alone. */
  credential?: boolean;
}) {
  if (!canDownloadProof(view) || !view.certificateNumber) return null;
  const verifyPath = certificateVerifyPath(view.certificateNumber);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          component="a"
          href={certificatePdfUrl(trainerId)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Download Certificate (PDF)
        </Button>
        {credential && (
          <Button
            component="a"
            href={credentialUrl(trainerId)}
            download
            variant="default"
            leftSection={<IconCertificate size={16} aria-hidden="true" />}
          >
            Download Digital Credential
          </Button>
        )}
      </Group>
      <Text size="sm">
        Anyone can check this certificate on its <Anchor href={verifyPath}>public verify page</Anchor>
        {credential
          ? ' (the PDF’s QR code leads there). The digital credential is an Open Badges 3.0 verifiable credential for wallets and profiles that accept them.'
          : '.'}
      </Text>
    </Stack>
  );
}
