import {
  type Article,
  type ArticleAudience,
  ASSISTANT_LIMITS,
  type AskedQuestion,
  assistantMessages,
  type ChatAnswer,
  type ChatQuestion,
  type ChatSource,
  type SessionUser,
} from '@soulpunch/shared';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { seesAdminArea } from '../auth/access';
import { notifyStaff, type StaffNotice } from '../notifications/service';
import { choosePassages, declinedAnswer, isRelevant, isSensitive, offlineAnswer, sourcesOf } from './answer';
import { createDraftArticle, currentRevision, getArticle, publishedArticles } from './knowledge';
import type { AssistantModel } from './model';
import {
  insertQuestion,
  isTrainerPaused,
  listQuestionRows,
  lockQuestion,
  saveAnswer,
  saveFeedback,
  setDraftArticle,
} from './questions-repository';
import { type IndexedArticle, KnowledgeIndex, type Passage, type RetrievalResult } from './retrieval';

/**
 * The search index of one app instance. Before each search it reads the knowledge base's revision (one indexed
 * row) and rebuilds when another request, or another instance, changed the articles since.
 */
export class KnowledgeBase {
  private index: KnowledgeIndex | null = null;
  private revision = -1;
  private building: Promise<KnowledgeIndex> | null = null;

  constructor(private readonly db: Db) {}

  async current(): Promise<KnowledgeIndex> {
    const revision = await currentRevision(this.db);
    if (this.index && revision === this.revision) return this.index;
    if (!this.building) {
      this.building = (async () => {
        try {
          const articles: IndexedArticle[] = await publishedArticles(this.db);
          this.index = new KnowledgeIndex(articles);
          this.revision = revision;
          return this.index;
        } finally {
          this.building = null;
        }
      })();
    }
    return this.building;
  }

  async retrieve(
    question: string,
    audience: ArticleAudience,
    withResources = true,
  ): Promise<{ index: KnowledgeIndex; result: RetrievalResult }> {
    const index = await this.current();
    return { index, result: index.retrieve(question, { audience, withResources }) };
  }
}

export interface AssistantDeps {
  db: Db;
  clock: Clock;
  knowledge: KnowledgeBase;
  model: AssistantModel | null;
  log: { warn: (obj: object, msg: string) => void };
  /** Sends the admin area's notices queued with a question, after it committed (else the mail round does). */
  deliverMail?: (ids: number[]) => Promise<void>;
  /** Where the admin area reads unanswered questions. */
  appUrl?: string;
}

/** Trainers read trainer articles; admins and staff (who may use the assistant too) read admin ones as well. */
export function audienceOf(user: SessionUser): ArticleAudience {
  if (seesAdminArea(user)) return 'admin';
  if (user.trainerId !== null || user.roles.includes('trainer')) return 'trainer';
  throw forbidden('The assistant is for Soul Punch trainers.');
}

/** A trainer whose resources are paused (unpaid instalment) must not get their links through the assistant. */
async function resourcesPaused(db: Db, user: SessionUser): Promise<boolean> {
  if (seesAdminArea(user) || user.trainerId === null) return false;
  return isTrainerPaused(db, user.trainerId);
}

export async function enforceQuestionLimits(db: Db, userId: number, now: Date): Promise<void> {
  try {
    await enforceRateLimits(
      db,
      [
        { key: `assistant:minute:${userId}`, limit: ASSISTANT_LIMITS.questionsPerMinute, windowSeconds: 60 },
        { key: `assistant:day:${userId}`, limit: ASSISTANT_LIMITS.questionsPerDay, windowSeconds: 86_400 },
      ],
      now,
    );
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      throw new AppError(429, 'rate_limited', assistantMessages.tooMany, undefined, error.headers);
    }
    throw error;
  }
}

/** The admin area's notice of a question the assistant declined. */
function unansweredNotice(user: SessionUser, question: string, appUrl = ''): StaffNotice {
  const quoted = question.length > 300 ? `${question.slice(0, 300)}...` : question;
  return {
    subject: `Unanswered assistant question from ${user.name}`,
    paragraphs: [
      `${user.name} <${user.email}> asked: "${quoted}". The knowledge base had nothing to answer it with; an article would answer the next trainer who asks.`,
    ],
    link: { label: 'See unanswered questions', url: `${appUrl}/admin/assistant/questions` },
  };
}

export interface AnswerEvents {
  sources?: (data: { questionId: number; sources: ChatSource[] }) => void;
  delta?: (text: string) => void;
  /** Aborted when the asker goes away: the model call stops (the question is still kept). */
  signal?: AbortSignal;
}

/**
 * Answers one question and keeps it: retrieval within the asker's audience, then the model (when configured and
 * there is something to answer from) or the passages quoted. Any model failure gives the offline answer.
 */
export async function answerQuestion(
  deps: AssistantDeps,
  user: SessionUser,
  input: ChatQuestion,
  events: AnswerEvents = {},
): Promise<ChatAnswer> {
  const audience = audienceOf(user);
  const { index, result } = await deps.knowledge.retrieve(
    input.question,
    audience,
    !(await resourcesPaused(deps.db, user)),
  );
  const answered = isRelevant(result);
  const passages: Passage[] = answered ? choosePassages(result) : [];
  const sources = sourcesOf(passages, index.articles);

  const now = deps.clock.now();
  const { questionId, mail } = await deps.db.transaction().execute(async (trx) => {
    const questionId = await insertQuestion(trx, {
      userId: user.id,
      question: input.question,
      context: input.context ?? null,
      sources,
      answered,
      askedAt: now,
    });
    // A question the knowledge base cannot answer is the admin area's to answer: told as each person chose.
    const mail = answered
      ? []
      : await notifyStaff(
          trx,
          now,
          'assistant_unanswered',
          unansweredNotice(user, input.question, deps.appUrl),
        );
    return { questionId, mail };
  });
  await deps.deliverMail?.(mail);
  events.sources?.({ questionId, sources });

  let answer: string;
  let mode: 'offline' | 'model' = 'offline';
  if (!answered) {
    answer = declinedAnswer();
    events.delta?.(answer);
  } else if (deps.model) {
    ({ answer, mode } = await modelAnswer(deps, deps.model, input.question, { passages, sources }, events));
  } else {
    answer = offlineAnswer(input.question, passages, sources);
    events.delta?.(answer);
  }

  await saveAnswer(deps.db, questionId, { answer, mode, sources });
  return { questionId, answer, sources, answered };
}

/**
 * The model's answer, streamed; any failure gives the offline answer. The model only words the answer: it sees the
 * passages retrieval chose, and the answer cites their articles either way.
 */
async function modelAnswer(
  deps: AssistantDeps,
  model: AssistantModel,
  question: string,
  found: { passages: Passage[]; sources: ChatSource[] },
  events: AnswerEvents,
): Promise<{ answer: string; mode: 'offline' | 'model' }> {
  const { passages, sources } = found;
  let text = '';
  try {
    for await (const delta of model.stream(question, passages, events.signal)) {
      text += delta;
      events.delta?.(delta);
    }
    if (!text.trim()) throw new Error('The model gave an empty answer.');
    const answer =
      isSensitive(question) && !text.includes(assistantMessages.legalPointer)
        ? `${text.trim()}\n\n${assistantMessages.legalPointer}`
        : text.trim();
    return { answer, mode: 'model' };
  } catch (error) {
    deps.log.warn({ err: error }, 'assistant model failed; answering from the passages');
    const answer = offlineAnswer(question, passages, sources);
    // Nothing streamed yet: stream the fallback; otherwise `done` carries it in place of the partial text.
    if (!text) events.delta?.(answer);
    return { answer, mode: 'offline' };
  }
}

/** The asker's thumbs up or down; someone else's question is simply not found. */
export async function recordFeedback(
  db: Db,
  user: SessionUser,
  questionId: number,
  helpful: boolean,
  now: Date,
): Promise<void> {
  if (!(await saveFeedback(db, questionId, user.id, helpful, now))) throw notFound('No such question.');
}

export async function listAskedQuestions(db: Db, filter: 'recent' | 'unanswered'): Promise<AskedQuestion[]> {
  // Unanswered: declined, or answered but marked unhelpful by the asker.
  const rows = await listQuestionRows(db, filter);
  return rows.map((r) => ({
    id: r.id,
    question: r.question,
    askedAt: new Date(r.askedAt).toISOString(),
    trainerName: r.trainerName ?? r.userName ?? null,
    answered: r.answered,
    helpful: r.helpful,
    sources: typeof r.sources === 'string' ? JSON.parse(r.sources) : r.sources,
    mode: r.mode,
    draftArticleId: r.draftArticleId,
  }));
}

/** An admin turns a question into a draft article to write the answer in (once: again returns the same draft). */
export async function draftArticleFromQuestion(
  db: Db,
  questionId: number,
  adminUserId: number,
  now: Date,
): Promise<Article> {
  return db.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, questionId);
    if (!question) throw notFound('No such question.');
    if (question.draftArticleId !== null) {
      return getArticle(trx, question.draftArticleId);
    }
    const title = question.question.replace(/\s+/g, ' ').trim().slice(0, ASSISTANT_LIMITS.titleMaxLength);
    const article = await createDraftArticle(
      trx,
      {
        title,
        body: `## The question\n\nA trainer asked: "${question.question.trim()}"\n\n## The answer\n\nWrite the answer for trainers here, then publish the article.`,
        audience: 'trainer',
        sourceUrl: '',
      },
      adminUserId,
      now,
    );
    await setDraftArticle(trx, questionId, article.id);
    return article;
  });
}
