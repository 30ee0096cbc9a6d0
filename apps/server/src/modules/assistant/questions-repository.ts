import type { ChatSource } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';

/** Whether the trainer's portal resources are paused (an unpaid instalment). */
export async function isTrainerPaused(db: Db, trainerId: number): Promise<boolean> {
  const trainer = await db
    .selectFrom('trainers')
    .select('accessPausedAt')
    .where('id', '=', trainerId)
    .executeTakeFirst();
  return !!trainer?.accessPausedAt;
}

/** Keeps a question as it is asked (the answer is filled in once written); returns its id. */
export async function insertQuestion(
  db: Db,
  question: {
    userId: number;
    question: string;
    context: string | null;
    sources: ChatSource[];
    answered: boolean;
    askedAt: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('assistantQuestions')
    .values({ ...question, answer: '', sources: JSON.stringify(question.sources), mode: 'offline' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function saveAnswer(
  db: Db,
  id: number,
  answer: { answer: string; mode: 'offline' | 'model'; sources: ChatSource[] },
): Promise<void> {
  await db
    .updateTable('assistantQuestions')
    .set({ ...answer, sources: JSON.stringify(answer.sources) })
    .where('id', '=', id)
    .execute();
}

/** The asker's feedback on their own question; false when there is no such question of theirs. */
export async function saveFeedback(
  db: Db,
  questionId: number,
  userId: number,
  helpful: boolean,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('assistantQuestions')
    .set({ helpful, feedbackAt: now })
    .where('id', '=', questionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The newest 200 questions with who asked; 'unanswered' keeps the declined and those marked unhelpful. */
export async function listQuestionRows(db: Db, filter: 'recent' | 'unanswered') {
  let query = db
    .selectFrom('assistantQuestions as q')
    .leftJoin('users as u', 'u.id', 'q.userId')
    .leftJoin('trainers as t', 't.userId', 'q.userId')
    .select([
      'q.id',
      'q.question',
      'q.askedAt',
      'q.answered',
      'q.helpful',
      'q.sources',
      'q.mode',
      'q.draftArticleId',
      't.name as trainerName',
      'u.name as userName',
    ])
    .orderBy('q.askedAt', 'desc')
    .orderBy('q.id', 'desc')
    .limit(200);
  if (filter === 'unanswered') {
    query = query.where((eb) => eb.or([eb('q.answered', '=', false), eb('q.helpful', '=', false)]));
  }
  return query.execute();
}

/** Locks the question for the rest of the transaction (one draft article per question). */
export async function lockQuestion(trx: Trx, questionId: number) {
  return trx
    .selectFrom('assistantQuestions')
    .select(['id', 'question', 'draftArticleId'])
    .where('id', '=', questionId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setDraftArticle(trx: Trx, questionId: number, articleId: number): Promise<void> {
  await trx
    .updateTable('assistantQuestions')
    .set({ draftArticleId: articleId })
    .where('id', '=', questionId)
    .execute();
}
