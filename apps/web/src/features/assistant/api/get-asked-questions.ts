import type { AskedQuestion } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

export type QuestionFilter = 'recent' | 'unanswered';

export function getAskedQuestions(filter: QuestionFilter): Promise<AskedQuestion[]> {
  return api<AskedQuestion[]>(`/api/admin/assistant/questions?filter=${filter}`);
}

export function askedQuestionsQueryOptions(filter: QuestionFilter) {
  return queryOptions({
    queryKey: assistantKeys.questionList(filter),
    queryFn: () => getAskedQuestions(filter),
  });
}

export function useAskedQuestions(filter: QuestionFilter) {
  return useQuery(askedQuestionsQueryOptions(filter));
}
