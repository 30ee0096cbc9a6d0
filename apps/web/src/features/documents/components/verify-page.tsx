import { Alert, Box, Code, Container, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { VerifyResult } from '@soulpunch/shared';
import { auditEventLabel } from '@soulpunch/shared';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifyFacts } from '../api/get-verify-facts';
import { useVerifyPdf } from '../api/verify-pdf';

function Events({ events }: { events: Array<{ type: string; at: string }> }) {
  return (
    <List size="sm">
      {events.map((e) => (
        <List.Item key={`${e.type}-${e.at}`}>
          {auditEventLabel(e.type)}: {formatTimestamp(e.at)}
        </List.Item>
      ))}
    </List>
  );
}

function Result({ result }: { result: VerifyResult }) {
  return (
    <Alert
      color={result.valid ? 'green' : 'red'}
      title={result.valid ? 'Issued by Soul Punch and unaltered' : 'This file could not be verified'}
      role="status"
      // The light green's own title colour is too faint to read (contrast).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{result.summary}</Text>
        {result.reasons.length > 0 && (
          <List size="sm">
            {result.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        )}
        {result.document && (
          <>
            <Text size="sm">
              {result.document.title}, document {result.document.id}, signed by {result.document.signerName}{' '}
              on {formatTimestamp(result.document.signedAt)}.
            </Text>
            <Events events={result.document.events} />
          </>
        )}
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 of your file: {result.sha256}
        </Text>
      </Stack>
    </Alert>
  );
}

function RecordedFacts({ id, code }: { id: number; code: string | null }) {
  const facts = useVerifyFacts(id, code);
  if (facts.isPending) return <Loader size="sm" aria-label="Loading the recorded facts" />;
  if (facts.isError)
    return (
      <Alert color="red" role="alert">
        {isApiError(facts.error, 404)
          ? `We have no signed document number ${id}.`
          : getErrorMessage(facts.error)}
      </Alert>
    );
  const f = facts.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          What we recorded for document {f.id}
        </Title>
        <Text size="sm">
          {f.signerName !== null
            ? `${f.title}, signed by ${f.signerName} on ${formatTimestamp(f.signedAt)}.`
            : `${f.title}, signed on ${formatTimestamp(f.signedAt)}.`}
        </Text>
        {f.signerName === null && (
          <Text size="sm" c="gray.7">
            The signer's name shows through the link printed on the document (its QR code), or when you check
            the file below.
          </Text>
        )}
        {f.pdfSha256 && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            SHA-256 of the issued PDF: {f.pdfSha256}
          </Text>
        )}
        <Events events={f.events} />
        <Text size="sm">Choose the file you were given below to compare it with this record.</Text>
      </Stack>
    </Paper>
  );
}

/** /verify-document (public): is this PDF one we issued, and is it unaltered? */
export function VerifyPage() {
  useDocumentTitle('Verify a document');
  const [params] = useSearchParams();
  const rawId = Number(params.get('id'));
  const id = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const code = params.get('code');
  const verify = useVerifyPdf();
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  const check = (file: File | undefined) => {
    if (file) verify.mutate(file);
  };

  return (
    <Container size="sm" px="md" py="lg" component="main">
      <Stack gap="lg">
        <Title order={1} fz="h2">
          Verify a signed document
        </Title>
        <Text>
          Check that a PDF signed through Soul Punch is one we issued and that not a single byte has changed
          since.
        </Text>
        {id !== null && <RecordedFacts id={id} code={code} />}
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            check(e.dataTransfer.files[0]);
          }}
          p="lg"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-5'})`,
            borderRadius: 8,
            textAlign: 'center',
          }}
        >
          <Stack gap="xs" align="center">
            <Text component="label" htmlFor={inputId} fw={500}>
              Choose the signed PDF
            </Text>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              style={{ maxWidth: '100%' }}
              onChange={(e) => check(e.currentTarget.files?.[0])}
            />
            <Text size="sm" c="gray.7">
              or drop it here. The file is checked, not kept.
            </Text>
          </Stack>
        </Box>
        {verify.isPending && <Loader aria-label="Checking the file" />}
        {verify.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(verify.error)}
          </Alert>
        )}
        {verify.data && <Result result={verify.data} />}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="independent-check">
          <Stack gap="xs">
            <Title id="independent-check" order={2} fz="h4">
              Check the seal yourself
            </Title>
            <Text size="sm">
              Every signed PDF carries a digital seal over the whole file. Open it in a PDF reader and look at
              its signature panel (in Adobe Acrobat Reader: the Signatures panel): it names the signer 'Soul
              Punch Document Seal' and says whether the document was changed after it was sealed.
            </Text>
            <Text size="sm">
              On Linux, <Code>pdfsig file.pdf</Code> (from poppler-utils) prints the same check: the signature
              should be valid and cover the total document.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
