import {
  Alert,
  Anchor,
  Badge,
  Button,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AskedQuestion } from '@soulpunch/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftArticleFromQuestion } from '../api/draft-article-from-question';
import { type QuestionFilter, useAskedQuestions } from '../api/get-asked-questions';

function Feedback({ helpful }: { helpful: boolean | null }) {
  if (helpful === null) return <Text size="sm">None</Text>;
  return (
    <Badge variant="outline" color={helpful ? 'teal.9' : 'red.9'}>
      {helpful ? 'Helpful' : 'Not helpful'}
    </Badge>
  );
}

function QuestionRow({ question }: { question: AskedQuestion }) {
  const navigate = useNavigate();
  const draft = useDraftArticleFromQuestion();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {question.question}
        </Text>
        <Text size="xs" c="gray.7">
          {question.trainerName ?? 'Unknown asker'}, {formatTimestamp(question.askedAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        {question.answered ? (
          <Badge variant="outline" color="teal.9">
            {question.mode === 'model' ? 'Answered (model)' : 'Answered'}
          </Badge>
        ) : (
          <Badge variant="outline" color="red.9">
            Declined
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Feedback helpful={question.helpful} />
      </Table.Td>
      <Table.Td>
        {question.sources.length === 0 ? (
          <Text size="sm">None</Text>
        ) : (
          <Stack gap={2}>
            {question.sources.map((s) => (
              <Anchor key={s.articleId} component={Link} to={`/admin/knowledge/${s.articleId}`} size="sm">
                {s.title}
              </Anchor>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        {question.draftArticleId !== null ? (
          <Anchor component={Link} to={`/admin/knowledge/${question.draftArticleId}`} size="sm">
            Open its article
          </Anchor>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            loading={draft.isPending}
            aria-label={`Turn into draft article: ${question.question.slice(0, 80)}`}
            onClick={() =>
              draft.mutate(question.id, {
                onSuccess: (article) => navigate(`/admin/knowledge/${article.id}`),
                onError: (error) =>
                  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
              })
            }
          >
            Turn into draft article
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Admin: what trainers asked the assistant, and the questions it could not answer well. */
export function QuestionsPage() {
  useDocumentTitle('Assistant questions');
  const [filter, setFilter] = useState<QuestionFilter>('recent');
  const questions = useAskedQuestions(filter);
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        Assistant questions
      </Title>
      <Text c="gray.7">
        Unanswered questions are the ones the assistant declined and the answers their asker marked not
        helpful. Turn one into a draft article, write the answer, and publish it.
      </Text>
      <SegmentedControl
        aria-label="Which questions"
        value={filter}
        onChange={(value) => setFilter(value as QuestionFilter)}
        data={[
          { value: 'recent', label: 'Recent' },
          { value: 'unanswered', label: 'Unanswered' },
        ]}
        w="fit-content"
      />
      {questions.isPending && <Loader aria-label="Loading questions" />}
      {questions.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(questions.error)}
        </Alert>
      )}
      {questions.data?.length === 0 && (
        <Text c="gray.7">{filter === 'recent' ? 'No questions asked yet.' : 'No unanswered questions.'}</Text>
      )}
      {questions.data && questions.data.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Question</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th>Feedback</Table.Th>
                  <Table.Th>Sources</Table.Th>
                  <Table.Th>Article</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {questions.data.map((q) => (
                  <QuestionRow key={q.id} question={q} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
