import type { Article } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

export type StatusChange = 'publish' | 'retire';

/** Publishing puts the article into the assistant's answers; retiring takes it out (it is kept). */
export function setArticleStatus({ id, change }: { id: number; change: StatusChange }): Promise<Article> {
  return api<Article>(`/api/admin/knowledge/articles/${id}/${change}`, { method: 'POST' });
}

export function useSetArticleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setArticleStatus,
    onSuccess: async (article) => {
      queryClient.setQueryData(assistantKeys.article(article.id), article);
      await queryClient.invalidateQueries({ queryKey: assistantKeys.articles });
    },
  });
}
