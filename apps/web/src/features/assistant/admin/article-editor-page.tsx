import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ARTICLE_AUDIENCES,
  type Article,
  type ArticleInput,
  ASSISTANT_LIMITS,
  assistantMessages,
} from '@soulpunch/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useArticle } from '../api/get-article';
import { useCreateArticle, useUpdateArticle } from '../api/save-article';
import { type StatusChange, useSetArticleStatus } from '../api/set-article-status';
import { MarkdownText } from '../components/markdown-text';
import { audienceHelp, audienceLabels, StatusBadge } from './labels';

/** By field, and 'form' for a message about the whole form. */
type Errors = Partial<Record<keyof ArticleInput | 'form', string>>;

const blank: ArticleInput = { title: '', body: '', sourceUrl: '', audience: 'trainer' };
const inputOf = (article: Article): ArticleInput => ({
  title: article.title,
  body: article.body,
  sourceUrl: article.sourceUrl ?? '',
  audience: article.audience,
});

/** The server's validation messages beside their fields; anything else above the form. */
function errorsFrom(error: unknown): Errors {
  const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
  const known = (['title', 'body', 'sourceUrl', 'audience'] as const).filter((f) => fields?.[f]);
  if (fields && known.length > 0) return Object.fromEntries(known.map((f) => [f, fields[f]]));
  return { form: getErrorMessage(error) };
}

const backLink = (
  <Anchor component={Link} to="/admin/knowledge" size="sm">
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden />
      All articles
    </Group>
  </Anchor>
);

function ArticleForm({ article }: { article: Article | null }) {
  const navigate = useNavigate();
  // The server applies the shared article rule; its messages stay until their field (or, for the form's, any
  // field) is edited. 'Dirty' is against the last saved text.
  const form = useForm<ArticleInput>({
    initialValues: article ? inputOf(article) : blank,
    onValuesChange: () => form.clearFieldError('form'),
  });
  const values = form.getValues();
  const errors: Errors = form.errors as Errors;
  const [tab, setTab] = useState<string | null>('write');
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const setStatus = useSetArticleStatus();
  const managed = article?.resourceId != null;
  const dirty = form.isDirty();
  const busy = create.isPending || update.isPending || setStatus.isPending;

  async function save(): Promise<Article | null> {
    form.clearErrors();
    const values = form.getValues();
    try {
      const result = article
        ? await update.mutateAsync({ id: article.id, input: values })
        : await create.mutateAsync(values);
      form.resetDirty(values);
      return result;
    } catch (error) {
      form.setErrors(errorsFrom(error));
      return null;
    }
  }

  const handleSubmit = form.onSubmit(async () => {
    const result = await save();
    if (!result) return;
    notifications.show({ color: 'green', title: 'Article saved', message: `'${result.title}' was saved.` });
    if (!article) navigate(`/admin/knowledge/${result.id}`, { replace: true });
  });

  async function changeStatus(change: StatusChange) {
    // Unsaved edits are saved first, so what is published is what is on screen.
    const current = dirty || !article ? await save() : article;
    if (!current) return;
    try {
      const result = await setStatus.mutateAsync({ id: current.id, change });
      notifications.show({
        color: 'green',
        title: change === 'publish' ? 'Article published' : 'Article retired',
        message:
          change === 'publish'
            ? 'The assistant answers from it now.'
            : 'The assistant no longer answers from it; it is kept here.',
      });
      if (!article) navigate(`/admin/knowledge/${result.id}`, { replace: true });
    } catch (error) {
      form.setErrors({ form: getErrorMessage(error) });
    }
  }

  return (
    <Stack gap="lg">
      {backLink}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {article ? article.title : 'New article'}
        </Title>
        {article && <StatusBadge status={article.status} />}
      </Group>
      {article && (
        <Text size="sm" c="gray.7">
          {`Slug ${article.slug}. Last changed ${formatTimestamp(article.updatedAt)} by ${article.updatedByName ?? 'the seeded text'}.`}
          {article.publishedAt && ` Published ${formatTimestamp(article.publishedAt)}.`}
        </Text>
      )}
      {managed && (
        <Alert color="blue" title="Written from the resources catalogue">
          <Text size="sm">
            {assistantMessages.resourceManaged}{' '}
            <Anchor component={Link} to="/admin/resources" inherit underline="always">
              Open the resources catalogue
            </Anchor>
          </Text>
        </Alert>
      )}
      {errors.form && (
        <Alert color="red" role="alert" title="Not saved">
          {errors.form}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={handleSubmit} noValidate aria-label="Article">
          <Stack gap="md">
            <TextInput
              label="Title"
              {...form.getInputProps('title')}
              maxLength={ASSISTANT_LIMITS.titleMaxLength}
              readOnly={managed}
              required
            />
            <Radio.Group
              label="Audience"
              description="Who the assistant may show it to: each reader sees their own level and those below."
              {...form.getInputProps('audience')}
              readOnly={managed}
            >
              <Group gap="lg" mt={6}>
                {ARTICLE_AUDIENCES.map((a) => (
                  <Radio
                    key={a}
                    value={a}
                    label={audienceLabels[a]}
                    description={audienceHelp[a]}
                    disabled={managed}
                  />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              label="Source link"
              description="Where the text comes from: a full link starting with https://, or a page of this site such as /support. Answers cite it."
              {...form.getInputProps('sourceUrl')}
              value={values.sourceUrl ?? ''}
              readOnly={managed}
            />
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="write">Write</Tabs.Tab>
                <Tabs.Tab value="preview">Preview</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="write" pt="sm">
                <Textarea
                  label="Text (Markdown)"
                  description="One paragraph per idea; ## headings split the article into the passages the assistant quotes."
                  {...form.getInputProps('body')}
                  maxLength={ASSISTANT_LIMITS.bodyMaxLength}
                  readOnly={managed}
                  autosize
                  minRows={12}
                  maxRows={30}
                  required
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="preview" pt="sm">
                <Paper withBorder p="md" radius="sm" aria-label="Preview of the text">
                  {values.body.trim() ? (
                    <MarkdownText>{values.body}</MarkdownText>
                  ) : (
                    <Text c="gray.7" size="sm">
                      Nothing written yet.
                    </Text>
                  )}
                </Paper>
                {errors.body && (
                  <Text c="red.9" size="sm" mt={4}>
                    {errors.body}
                  </Text>
                )}
              </Tabs.Panel>
            </Tabs>
            {!managed && (
              <Group gap="sm" wrap="wrap">
                <Button type="submit" loading={create.isPending || update.isPending} disabled={busy}>
                  {article ? 'Save changes' : 'Save draft'}
                </Button>
                {article?.status !== 'published' && (
                  <Button
                    color="teal.9"
                    onClick={() => changeStatus('publish')}
                    loading={setStatus.isPending && setStatus.variables?.change === 'publish'}
                    disabled={busy}
                  >
                    {dirty || !article ? 'Save and publish' : 'Publish'}
                  </Button>
                )}
                {article?.status === 'published' && (
                  <Button
                    variant="default"
                    onClick={() => changeStatus('retire')}
                    loading={setStatus.isPending && setStatus.variables?.change === 'retire'}
                    disabled={busy}
                  >
                    Retire
                  </Button>
                )}
                {dirty && (
                  <Text size="sm" c="gray.7">
                    Unsaved changes
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

export function NewArticlePage() {
  useDocumentTitle('New article');
  return <ArticleForm article={null} />;
}

export function ArticleEditorPage() {
  const { id } = useParams();
  const articleId = Number(id);
  const article = useArticle(articleId);
  useDocumentTitle(article.data ? `${article.data.title} - Knowledge base` : 'Knowledge base');
  if (article.isPending) return <Loader aria-label="Loading the article" />;
  if (article.isError) {
    return (
      <Stack gap="lg">
        {backLink}
        <ErrorView
          order={1}
          title={isApiError(article.error, 404) ? 'Article not found' : 'Unable to load the article'}
          message={getErrorMessage(article.error)}
        />
      </Stack>
    );
  }
  return <ArticleForm key={article.data.id} article={article.data} />;
}
