import { z } from 'zod';

/**
 * The trainer assistant (issue #11): a knowledge base of articles, retrieval over their passages, and
 * `POST /api/chatbot`. This file is the contract between the server and the web app.
 */

/** Who may read an article; each level sees its own and the levels below (public < trainer < admin). */
export const ARTICLE_AUDIENCES = ['public', 'trainer', 'admin'] as const;
export type ArticleAudience = (typeof ARTICLE_AUDIENCES)[number];
export const audienceRank = (a: ArticleAudience) => ARTICLE_AUDIENCES.indexOf(a);
export const canRead = (reader: ArticleAudience, article: ArticleAudience) =>
  audienceRank(article) <= audienceRank(reader);

export const ARTICLE_STATUSES = ['draft', 'published', 'retired'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ASSISTANT_LIMITS = {
  questionMaxLength: 1000,
  contextMaxLength: 500,
  titleMaxLength: 200,
  bodyMaxLength: 50_000,
  /** Questions one person may ask per minute and per day (429 with `tooMany` beyond). */
  questionsPerMinute: 10,
  questionsPerDay: 200,
} as const;

/** Spec portal 8: the chat's two error texts, and the assistant's own plain answers. */
export const assistantMessages = {
  noAnswer: "I'm sorry, I couldn't process that question. Please try rephrasing it or contact support.",
  networkFailure: "I'm having trouble connecting right now. Please try again in a moment or contact support.",
  notFound:
    "I couldn't find anything about that in the Soul Punch trainer material. Please try rephrasing your question, or contact support at /support.",
  tooMany: 'You have asked a lot of questions in a short time. Please wait a minute and try again.',
  tooLong: `Please keep your question under ${ASSISTANT_LIMITS.questionMaxLength} characters.`,
  blank: 'Please type a question.',
  /** Added under answers about using force or the law: the curriculum guides, the official material decides. */
  legalPointer:
    "This is the Soul Punch curriculum's guidance, not legal advice. The official material (the Trainer Agreement, the curriculum in the Self-Defense Video Library and the Trainer Resources Drive) is the authority, and self-defense law differs from state to state: for a question about your own situation, ask a licensed attorney in your state.",
  resourceManaged: 'This article follows the resources catalogue. Edit the resource instead.',
} as const;

/** Spec portal 7: the browser sends the question and a fixed context text. */
export const chatQuestionSchema = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, assistantMessages.blank)
    .max(ASSISTANT_LIMITS.questionMaxLength, assistantMessages.tooLong),
  context: z.string().max(ASSISTANT_LIMITS.contextMaxLength).optional(),
});
export type ChatQuestion = z.infer<typeof chatQuestionSchema>;

export const chatSourceSchema = z.object({
  articleId: z.number(),
  title: z.string(),
  /** The article's source link when it has one, else its page in the app. */
  url: z.string(),
});
export type ChatSource = z.output<typeof chatSourceSchema>;

/**
 * The JSON answer of `POST /api/chatbot`. With `Accept: text/event-stream` the same route streams Server-Sent
 * Events instead: `sources` ({ questionId, sources }), any number of `delta` ({ text }), then `done` (ChatAnswer).
 * The `done` answer is the whole, final text: show it in place of the deltas (if the model fails half-way, the
 * server falls back to the offline answer, which `done` carries). Should the server itself fail after the stream
 * began, an `error` event ({ code, message }) ends it instead of `done`.
 */
export const chatAnswerSchema = z.object({
  questionId: z.number(),
  answer: z.string(),
  sources: z.array(chatSourceSchema),
  /** False when nothing relevant was found and the assistant declined. */
  answered: z.boolean(),
});
export type ChatAnswer = z.output<typeof chatAnswerSchema>;

/** `POST /api/chatbot/{questionId}/feedback`: the asker's thumbs up or down. */
export const chatFeedbackSchema = z.strictObject({ helpful: z.boolean() });

/** Admin editing of the knowledge base. */
export const articleInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Please give the article a title.').max(ASSISTANT_LIMITS.titleMaxLength),
  body: z.string().trim().min(1, 'Please write the article.').max(ASSISTANT_LIMITS.bodyMaxLength),
  sourceUrl: z
    .union(
      [
        z.url({ protocol: /^https?$/, error: 'Please enter a full link, starting with https://' }),
        // A page of this app, e.g. /legal/terms.
        z.string().regex(/^\/[A-Za-z0-9\-_/]*$/),
        z.literal(''),
      ],
      { error: 'Please enter a full link, starting with https://, or a page of this site such as /support' },
    )
    .optional(),
  audience: z.enum(ARTICLE_AUDIENCES),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;

export const articleSchema = z.object({
  id: z.number(),
  /** Stable name of the article (the evaluation set refers to articles by it). */
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  sourceUrl: z.string().nullable(),
  audience: z.enum(ARTICLE_AUDIENCES),
  status: z.enum(ARTICLE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  /** Who last changed it (null for the seeded text). */
  updatedByName: z.string().nullable(),
  /** Set when the article is written from a portal resource: edit the resource, not the article. */
  resourceId: z.number().nullable(),
});
export type Article = z.output<typeof articleSchema>;

/** `GET /api/admin/knowledge/articles` filters. */
export const articleListQuerySchema = z.strictObject({
  status: z.enum(ARTICLE_STATUSES).optional(),
  audience: z.enum(ARTICLE_AUDIENCES).optional(),
  q: z.string().trim().max(200).optional(),
});

/** `GET /api/admin/assistant/questions?filter=recent|unanswered`. */
export const askedQuestionsQuerySchema = z.strictObject({
  filter: z.enum(['recent', 'unanswered']).default('recent'),
});

/** An asked question as the admin screen lists it. */
export const askedQuestionSchema = z.object({
  id: z.number(),
  question: z.string(),
  askedAt: z.string(),
  trainerName: z.string().nullable(),
  answered: z.boolean(),
  helpful: z.boolean().nullable(),
  sources: z.array(chatSourceSchema),
  /** How it was answered: from the passages alone, or by the configured model. */
  mode: z.enum(['offline', 'model']),
  /** The draft article an admin made from it, if any. */
  draftArticleId: z.number().nullable(),
});
export type AskedQuestion = z.output<typeof askedQuestionSchema>;
