import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ARTICLE_AUDIENCES,
  ARTICLE_STATUSES,
  type ArticleAudience,
  type ArticleStatus,
} from '@soulpunch/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useArticles } from '../api/get-articles';
import { audienceLabels, StatusBadge, statusLabels } from './labels';

/** Admin: the assistant's knowledge base, with filters by status, audience and words. */
export function KnowledgePage() {
  useDocumentTitle('Knowledge base');
  const [status, setStatus] = useState<ArticleStatus | null>(null);
  const [audience, setAudience] = useState<ArticleAudience | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const articles = useArticles({ status: status ?? undefined, audience: audience ?? undefined, q });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          Knowledge base
        </Title>
        <Button component={Link} to="/admin/knowledge/new" leftSection={<IconPlus size={16} aria-hidden />}>
          New article
        </Button>
      </Group>
      <Text c="gray.7">
        The assistant answers trainers only from published articles, and never shows a reader an article above
        their audience. Articles written from the resources catalogue change with it.
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={200}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={ARTICLE_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))}
          value={status}
          onChange={(value) => setStatus(value as ArticleStatus | null)}
          clearable
        />
        <Select
          label="Audience"
          placeholder="Any audience"
          data={ARTICLE_AUDIENCES.map((a) => ({ value: a, label: audienceLabels[a] }))}
          value={audience}
          onChange={(value) => setAudience(value as ArticleAudience | null)}
          clearable
        />
      </Group>
      {articles.isPending && <Loader aria-label="Loading articles" />}
      {articles.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(articles.error)}
        </Alert>
      )}
      {articles.data?.length === 0 && <Text c="gray.7">No articles match.</Text>}
      {articles.data && articles.data.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Caption>
                {articles.data.length === 1 ? '1 article' : `${articles.data.length} articles`}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Audience</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {articles.data.map((article) => (
                  <Table.Tr key={article.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/knowledge/${article.id}`} fw={600}>
                        {article.title}
                      </Anchor>
                      {article.resourceId !== null && (
                        <Text size="xs" c="gray.7">
                          From the resources catalogue
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{audienceLabels[article.audience]}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={article.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatTimestamp(article.updatedAt)}</Text>
                      <Text size="xs" c="gray.7">
                        {article.updatedByName ?? 'Seeded text'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
