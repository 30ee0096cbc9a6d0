import {
  articleInputSchema,
  articleListQuerySchema,
  articleSchema,
  askedQuestionSchema,
  askedQuestionsQuerySchema,
  type ChatAnswer,
  chatAnswerSchema,
  chatFeedbackSchema,
  chatQuestionSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { securityHeaders } from '../../plugins/security-headers';
import type { ZodTypeProvider } from '../../plugins/validation';
import { currentAdmin, currentUser } from '../auth/access';
import { deliverMail } from '../mail/queue';
import { createArticleInput, getArticle, listArticles, setArticleStatus, updateArticle } from './knowledge';
import { createModel } from './model';
import {
  type AssistantDeps,
  answerQuestion,
  audienceOf,
  draftArticleFromQuestion,
  enforceQuestionLimits,
  KnowledgeBase,
  listAskedQuestions,
  recordFeedback,
} from './service';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const questionIdParams = z.strictObject({
  questionId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** One Server-Sent Event, written and flushed at once (the route is never compressed or buffered). */
function writeEvent(reply: FastifyReply, event: string, data: unknown) {
  reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export async function assistantRoutes(app: FastifyInstance, deps: AppDeps) {
  const knowledge = new KnowledgeBase(deps.db);
  const model = deps.config.assistantModel ? createModel(deps.config.assistantModel) : null;
  const assistant: AssistantDeps = {
    db: deps.db,
    clock: deps.clock,
    knowledge,
    model,
    log: app.log,
    deliverMail: (ids) => deliverMail(deps, ids, app.log),
    appUrl: deps.config.appUrl,
  };
  registerChatRoutes(app, deps, assistant);
  registerKnowledgeAdminRoutes(app, deps);
}

/** Trainers' and admins' questions to the assistant, answered whole or streamed, and their feedback. */
function registerChatRoutes(app: FastifyInstance, deps: AppDeps, assistant: AssistantDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;

  r.post(
    '/api/chatbot',
    {
      // With Accept: text/event-stream the answer streams as Server-Sent Events instead (see ChatAnswer).
      schema: { body: chatQuestionSchema, response: { 200: chatAnswerSchema } },
      config: { access: 'signed-in' },
      compress: false,
    },
    async (request, reply) => {
      const user = currentUser(request);
      audienceOf(user); // 403 before anything else for a user who is neither trainer nor admin
      await enforceQuestionLimits(db, user.id, clock.now());

      if (!request.headers.accept?.includes('text/event-stream')) {
        return answerQuestion(assistant, user, request.body);
      }
      // Streamed: we write the response ourselves, so compression and onSend hooks never hold it back.
      reply.hijack();
      // A hijacked reply skips the onSend hooks, so it carries the security headers itself.
      reply.raw.writeHead(200, {
        ...securityHeaders(deps.config, request.id),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      reply.raw.flushHeaders();
      const asker = new AbortController();
      reply.raw.on('close', () => asker.abort());
      try {
        const done: ChatAnswer = await answerQuestion(assistant, user, request.body, {
          sources: (data) => writeEvent(reply, 'sources', data),
          delta: (text) => writeEvent(reply, 'delta', { text }),
          signal: asker.signal,
        });
        writeEvent(reply, 'done', done);
      } catch (error) {
        request.log.error({ err: error }, 'streamed assistant answer failed');
        writeEvent(reply, 'error', {
          code: 'internal_error',
          message: 'Something went wrong on our side. Please try again.',
        });
      }
      reply.raw.end();
      return reply;
    },
  );

  r.post(
    '/api/chatbot/:questionId/feedback',
    {
      schema: { params: questionIdParams, body: chatFeedbackSchema, response: { 204: z.undefined() } },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await recordFeedback(db, user, request.params.questionId, request.body.helpful, clock.now());
      return reply.status(204).send();
    },
  );
}

/** Admin: the knowledge base and the questions asked. */
function registerKnowledgeAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;

  r.get(
    '/api/admin/knowledge/articles',
    {
      schema: { querystring: articleListQuerySchema, response: { 200: z.array(articleSchema) } },
      config: { access: 'admin' },
    },
    async (request) => listArticles(db, request.query),
  );

  r.post(
    '/api/admin/knowledge/articles',
    { schema: { body: articleInputSchema, response: { 201: articleSchema } }, config: { access: 'admin' } },
    async (request, reply) => {
      const article = await createArticleInput(db, request.body, currentAdmin(request).id, clock.now());
      return reply.status(201).send(article);
    },
  );

  r.get(
    '/api/admin/knowledge/articles/:id',
    { schema: { params: idParams, response: { 200: articleSchema } }, config: { access: 'admin' } },
    async (request) => getArticle(db, request.params.id),
  );

  r.put(
    '/api/admin/knowledge/articles/:id',
    {
      schema: { params: idParams, body: articleInputSchema, response: { 200: articleSchema } },
      config: { access: 'admin' },
    },
    async (request) =>
      updateArticle(db, request.params.id, request.body, currentAdmin(request).id, clock.now()),
  );

  r.post(
    '/api/admin/knowledge/articles/:id/publish',
    { schema: { params: idParams, response: { 200: articleSchema } }, config: { access: 'admin' } },
    async (request) =>
      setArticleStatus(db, request.params.id, 'published', currentAdmin(request).id, clock.now()),
  );

  r.post(
    '/api/admin/knowledge/articles/:id/retire',
    { schema: { params: idParams, response: { 200: articleSchema } }, config: { access: 'admin' } },
    async (request) =>
      setArticleStatus(db, request.params.id, 'retired', currentAdmin(request).id, clock.now()),
  );

  r.get(
    '/api/admin/assistant/questions',
    {
      schema: { querystring: askedQuestionsQuerySchema, response: { 200: z.array(askedQuestionSchema) } },
      config: { access: 'admin' },
    },
    async (request) => listAskedQuestions(db, request.query.filter),
  );

  r.post(
    '/api/admin/assistant/questions/:id/draft-article',
    { schema: { params: idParams, response: { 200: articleSchema } }, config: { access: 'admin' } },
    async (request) => draftArticleFromQuestion(db, request.params.id, currentAdmin(request).id, clock.now()),
  );
}
