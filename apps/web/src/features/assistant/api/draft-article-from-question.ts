import type { Article } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

/** Turns an asked question into a draft article to write the answer in; asking again returns the same draft. */
export function draftArticleFromQuestion(questionId: number): Promise<Article> {
  return api<Article>(`/api/admin/assistant/questions/${questionId}/draft-article`, { method: 'POST' });
}

export function useDraftArticleFromQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: draftArticleFromQuestion,
    onSuccess: async (article) => {
      queryClient.setQueryData(assistantKeys.article(article.id), article);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.questions }),
        queryClient.invalidateQueries({ queryKey: assistantKeys.articles }),
      ]);
    },
  });
}
