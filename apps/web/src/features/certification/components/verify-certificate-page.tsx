import { Alert, Anchor, Badge, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  certificateVerifyPath,
  normaliseCertificateNumber,
  PUBLIC_CERTIFICATE_STATUS_LABELS,
  type PublicCertificate,
  type PublicCertificateStatus,
} from '@soulpunch/shared';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PlainTextInput } from '@/components/plain-field';
import { PublicHeader } from '@/components/public-header';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePublicCertificate } from '../api/get-public-certificate';
import { formatCertificateDay } from '../format';
import classes from './verify-certificate-page.module.css';

// Dark shades only, as the portal's status badge: white words keep 4.5:1 (axe color-contrast).
const STATUS_COLORS: Record<PublicCertificateStatus, string> = {
  valid: 'teal.9',
  expired: 'gray.8',
  suspended: 'grape.9',
  revoked: 'red.9',
};

function statusSentence(certificate: PublicCertificate): string {
  switch (certificate.status) {
    case 'valid':
      return `${certificate.name} holds a valid Soul Punch certification through ${formatCertificateDay(certificate.expiresOn)}.`;
    case 'expired':
      return `This certificate was valid through ${formatCertificateDay(certificate.expiresOn)} and has expired.`;
    case 'suspended':
      return 'This certificate is suspended by Soul Punch: it is not valid unless it is reinstated.';
    case 'revoked':
      return 'This certificate was revoked by Soul Punch: it is no longer valid.';
  }
}

function Certificate({ certificate }: { certificate: PublicCertificate }) {
  const label = PUBLIC_CERTIFICATE_STATUS_LABELS[certificate.status];
  const dated = certificate.status === 'valid' || certificate.status === 'expired';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="certificate-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="certificate-title" style={{ overflowWrap: 'anywhere' }}>
          Certificate {certificate.certificateNumber}
        </Title>
        <Stack gap="xs" role="status">
          <Badge size="xl" radius="sm" color={STATUS_COLORS[certificate.status]} variant="filled">
            {label}
          </Badge>
          <Text>{statusSentence(certificate)}</Text>
        </Stack>
        <dl className={classes.facts}>
          <dt>Name</dt>
          <dd>{certificate.name}</dd>
          <dt>Status</dt>
          <dd>{label}</dd>
          <dt>Issued</dt>
          <dd>{formatCertificateDay(certificate.issuedOn)}</dd>
          {/* A suspended or revoked certificate is not valid through its expiry: it only has one. */}
          <dt>{dated ? 'Valid through' : 'Expiry date'}</dt>
          <dd>{formatCertificateDay(certificate.expiresOn)}</dd>
        </dl>
      </Stack>
    </Paper>
  );
}

function Result({ typed }: { typed: string }) {
  const certificate = usePublicCertificate(typed);
  if (certificate.isPending) return <Loader size="sm" aria-label="Checking the certificate" />;
  if (certificate.isError) {
    return (
      <Alert color="red" role="alert" title="The check did not go through">
        {getErrorMessage(certificate.error)}
      </Alert>
    );
  }
  if (!certificate.data) {
    return (
      <Alert color="red" role="status" title="No certificate with this number">
        Check the number as it is printed on the certificate (SP- and four groups of four letters and digits),
        or scan its QR code.
      </Alert>
    );
  }
  return <Certificate certificate={certificate.data} />;
}

/**
 * /verify and /verify/{number} (public, issue 26 part 4): anyone checks a certificate by its number or its QR
 * code and sees the name, the standing in plain words and the dates. The form works without any script: the
 * server answers /verify?number= with the certificate's own address.
 */
export function VerifyCertificatePage() {
  const typed = useParams().number;
  const [params] = useSearchParams();
  useDocumentTitle('Verify a Certificate | Soul Punch');
  // Where the browser renders the page itself (the server redirects these before): the QR codes of signed
  // documents issued before this page (/verify?id=), and the form's own answer.
  if (params.has('id')) return <Navigate to={`/verify-document?${params}`} replace />;
  const asked = params.get('number')?.trim();
  if (typed === undefined && asked) {
    return <Navigate to={certificateVerifyPath(normaliseCertificateNumber(asked) ?? asked)} replace />;
  }
  return (
    <>
      <PublicHeader variant="site" />
      <Container size="sm" px="md" py="xl">
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={1}>Verify a Certificate</Title>
            <Text c="gray.7">
              Gyms, schools and students: check a Soul Punch trainer's certificate by the number printed on
              it, or scan its QR code.
            </Text>
          </Stack>
          <form method="get" action="/verify" aria-label="Check a certificate" className={classes.form}>
            <PlainTextInput
              label="Certificate number"
              name="number"
              defaultValue={typed ?? ''}
              placeholder="SP-XXXX-XXXX-XXXX-XXXX"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              required
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit">Check Certificate</Button>
          </form>
          {typed !== undefined && <Result typed={typed} />}
          <Text size="sm">
            Checking a signed document (a PDF) instead?{' '}
            <Anchor component={Link} to="/verify-document">
              Verify a document
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </>
  );
}
