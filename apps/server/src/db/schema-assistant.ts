import type { ArticleAudience, ArticleStatus, ChatSource } from '@soulpunch/shared';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** The assistant's tables (migration 0008). */
export interface KnowledgeArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Markdown. */
  body: string;
  sourceUrl: string | null;
  audience: ArticleAudience;
  status: Generated<ArticleStatus>;
  resourceId: number | null;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  publishedAt: Date | null;
  updatedBy: number | null;
  /** The body the seed last wrote (seeded articles only): while the body equals it, the seed may re-render it. */
  seedBody: Generated<string | null>;
}

export interface KnowledgeRevisionTable {
  id: number;
  revision: number;
}

export interface AssistantQuestionsTable {
  id: Generated<number>;
  userId: number | null;
  question: string;
  context: string | null;
  answer: string;
  sources: ColumnType<ChatSource[], string, string>;
  answered: boolean;
  mode: 'offline' | 'model';
  helpful: boolean | null;
  feedbackAt: Date | null;
  draftArticleId: number | null;
  askedAt: CreatedAt;
}

export interface AssistantTables {
  knowledgeArticles: KnowledgeArticlesTable;
  knowledgeRevision: KnowledgeRevisionTable;
  assistantQuestions: AssistantQuestionsTable;
}
