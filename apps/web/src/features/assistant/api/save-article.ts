import type { Article, ArticleInput } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

/** A new article is always a draft until published. */
export function createArticle(input: ArticleInput): Promise<Article> {
  return api<Article>('/api/admin/knowledge/articles', { method: 'POST', body: input });
}

/** Saving a published article changes what the assistant answers at once. */
export function updateArticle({ id, input }: { id: number; input: ArticleInput }): Promise<Article> {
  return api<Article>(`/api/admin/knowledge/articles/${id}`, { method: 'PUT', body: input });
}

function useArticleMutation<V>(mutationFn: (variables: V) => Promise<Article>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (article) => {
      queryClient.setQueryData(assistantKeys.article(article.id), article);
      await queryClient.invalidateQueries({ queryKey: assistantKeys.articles });
    },
  });
}

export const useCreateArticle = () => useArticleMutation(createArticle);
export const useUpdateArticle = () => useArticleMutation(updateArticle);
