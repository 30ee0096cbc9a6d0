import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type DocumentTemplateView, type TemplateDraft, templateDraftSchema } from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDocumentTemplates } from '../api/get-document-templates';
import { useTemplateCampaign } from '../api/get-template-campaign';
import { usePreviewTemplate } from '../api/preview-template';
import { usePublishTemplateVersion } from '../api/publish-template-version';
import { DocumentStatusBadge } from './document-status-badge';

function Campaign({ template }: { template: DocumentTemplateView }) {
  const campaign = useTemplateCampaign(template.type);
  if (campaign.isPending) return <Loader size="sm" aria-label="Loading the signing campaign" />;
  if (campaign.isError)
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(campaign.error)}
      </Alert>
    );
  const c = campaign.data;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Version {c.version}: {c.counts.signed} of {c.counts.total} signed, {c.counts.waiting} waiting,{' '}
        {c.counts.expired} expired
      </Text>
      {c.trainers.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" aria-label={`Who has signed version ${c.version} of ${template.title}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trainer</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Signed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.trainers.map((t) => (
                <Table.Tr key={t.documentId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/trainers/${t.trainerId}`}>
                      {t.trainerName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <DocumentStatusBadge status={t.status} />
                  </Table.Td>
                  <Table.Td>{formatTimestamp(t.sentAt)}</Table.Td>
                  <Table.Td>{formatTimestamp(t.signedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const draftOf = (t: DocumentTemplateView): TemplateDraft => ({
  title: t.title,
  description: t.description,
  body: t.body,
});

function TemplateEditor({ template }: { template: DocumentTemplateView }) {
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  // A new version (this admin's or another's) becomes the draft. The editor stays mounted across versions, so the
  // publish that made one still gets to say so and its campaign block updates in place.
  const [draftVersion, setDraftVersion] = useState(template.version);
  if (draftVersion !== template.version) {
    setDraftVersion(template.version);
    setDraft(draftOf(template));
  }
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof TemplateDraft, string>>>({});
  const preview = usePreviewTemplate();
  const publish = usePublishTemplateVersion();

  const validated = (): TemplateDraft | null => {
    const parsed = templateDraftSchema.safeParse(draft);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Partial<Record<keyof TemplateDraft, string>> = {};
    for (const issue of parsed.error.issues) next[issue.path[0] as keyof TemplateDraft] ??= issue.message;
    setErrors(next);
    return null;
  };

  const unchanged =
    draft.title === template.title &&
    draft.description === template.description &&
    draft.body === template.body;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`template-${template.type}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title id={`template-${template.type}`} order={2} fz="h4">
            {template.title}
          </Title>
          <Badge variant="light">Version {template.version}</Badge>
        </Group>
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 {template.sha256} · published {formatTimestamp(template.publishedAt)}
        </Text>
        <TextInput
          label="Title"
          value={draft.title}
          error={errors.title}
          onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        />
        <TextInput
          label="Description"
          value={draft.description}
          error={errors.description}
          onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
        />
        <Textarea
          label="Document text"
          rows={14}
          resize="vertical"
          value={draft.body}
          error={errors.body}
          onChange={(e) => setDraft({ ...draft, body: e.currentTarget.value })}
        />
        {(preview.isError || publish.isError) && (
          <Alert color="red" role="alert">
            {getErrorMessage(preview.error ?? publish.error)}
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            loading={preview.isPending}
            onClick={() => {
              const valid = validated();
              if (!valid) return;
              // Opened before the request so the browser treats it as the click's own window.
              const tab = window.open('', '_blank');
              preview.mutate(
                { type: template.type, draft: valid },
                {
                  onSuccess: (blob) => {
                    const url = URL.createObjectURL(blob);
                    if (tab) tab.location.href = url;
                    else window.location.assign(url);
                  },
                  onError: () => tab?.close(),
                },
              );
            }}
          >
            Preview
          </Button>
          <Button disabled={unchanged} onClick={() => validated() && setConfirming(true)}>
            Publish new version
          </Button>
        </Group>
        <Text size="sm" fw={500} mt="sm">
          Signing campaign
        </Text>
        <Campaign template={template} />
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Publish version ${template.version + 1} of ${template.title}?`}
        size="md"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Every trainer who signed an older version will be asked to sign again. They are e-mailed the new
            version, reminded, and left out of the directory if the new version expires unsigned.
          </Text>
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(
                  { type: template.type, draft },
                  {
                    onSuccess: (view) => {
                      setConfirming(false);
                      notifications.show({
                        color: 'green',
                        title: 'Published',
                        message: `${view.title} version ${view.version} is published.`,
                      });
                    },
                    onError: () => setConfirming(false),
                  },
                )
              }
            >
              Publish
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Admin: each template's current version, editing, preview, publishing and its re-sign campaign. */
export function DocumentTemplatesPage() {
  useDocumentTitle('Document templates');
  const templates = useDocumentTemplates();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/documents">
        Back to documents
      </Anchor>
      <Title order={1} fz="h2">
        Document templates
      </Title>
      {templates.isPending && <Loader aria-label="Loading templates" />}
      {templates.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(templates.error)}
        </Alert>
      )}
      {templates.data?.map((t) => (
        <TemplateEditor key={t.type} template={t} />
      ))}
    </Stack>
  );
}
