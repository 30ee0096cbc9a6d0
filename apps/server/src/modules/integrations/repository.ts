import type { Db } from '../../db/database';

/** The payment webhook's latest delivery, whatever came of it. */
export async function findLatestPaymentEvent(db: Db) {
  return db
    .selectFrom('paymentEvents')
    .select(['type', 'receivedAt', 'processedAt', 'error'])
    .orderBy('receivedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Deliveries since `since` that failed and were not processed since (a replay clears one). */
export async function countFailedPaymentEvents(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('paymentEvents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('receivedAt', '>=', since)
    .where('processedAt', 'is', null)
    .where('error', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When the assistant last answered a question, and last answered one through the model. */
export async function findAssistantActivity(db: Db) {
  return db
    .selectFrom('assistantQuestions')
    .select((eb) => [
      eb.fn.max('askedAt').filterWhere('answered', '=', true).as('lastAnswerAt'),
      eb.fn.max('askedAt').filterWhere('mode', '=', 'model').as('lastModelAnswerAt'),
    ])
    .executeTakeFirstOrThrow();
}
