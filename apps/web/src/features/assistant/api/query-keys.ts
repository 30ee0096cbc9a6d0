import type { ArticleAudience, ArticleStatus } from '@soulpunch/shared';

export interface ArticleFilters {
  status?: ArticleStatus;
  audience?: ArticleAudience;
  q?: string;
}

/** Admin knowledge base, questions and resources catalogue. */
export const assistantKeys = {
  articles: ['assistant', 'articles'] as const,
  articleList: (filters: ArticleFilters) => ['assistant', 'articles', 'list', filters] as const,
  article: (id: number) => ['assistant', 'articles', 'one', id] as const,
  questions: ['assistant', 'questions'] as const,
  questionList: (filter: 'recent' | 'unanswered') => ['assistant', 'questions', filter] as const,
  resources: ['assistant', 'admin-resources'] as const,
};
