import type { Article } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

export function getArticle(id: number): Promise<Article> {
  return api<Article>(`/api/admin/knowledge/articles/${id}`);
}

export function articleQueryOptions(id: number) {
  return queryOptions({ queryKey: assistantKeys.article(id), queryFn: () => getArticle(id) });
}

export function useArticle(id: number) {
  return useQuery(articleQueryOptions(id));
}
