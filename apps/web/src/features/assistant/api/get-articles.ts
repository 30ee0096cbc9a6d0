import type { Article } from '@soulpunch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ArticleFilters, assistantKeys } from './query-keys';

export function getArticles(filters: ArticleFilters): Promise<Article[]> {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.audience) params.set('audience', filters.audience);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  const query = params.toString();
  return api<Article[]>(`/api/admin/knowledge/articles${query ? `?${query}` : ''}`);
}

export function articlesQueryOptions(filters: ArticleFilters) {
  return queryOptions({
    queryKey: assistantKeys.articleList(filters),
    queryFn: () => getArticles(filters),
    placeholderData: keepPreviousData,
  });
}

export function useArticles(filters: ArticleFilters) {
  return useQuery(articlesQueryOptions(filters));
}
