import { SCHEDULE_DEFAULTS } from '@soulpunch/shared';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { publishedArticles, seedKnowledgeBase } from './knowledge';
import { KnowledgeIndex } from './retrieval';

/** The seeded knowledge base of a fresh database, as every new installation starts with it. */
export async function seededKnowledgeIndex(): Promise<KnowledgeIndex> {
  const { db, close } = await openDatabase({ kind: 'memory' });
  try {
    await migrateToLatest(db);
    // The schedule's defaults, as a new installation without DOCUMENT_* settings has them.
    await seedKnowledgeBase(db, {
      graceDays: SCHEDULE_DEFAULTS.paymentGraceDays,
      expiryDays: SCHEDULE_DEFAULTS.documentExpiryDays,
      firstReminderDays: SCHEDULE_DEFAULTS.documentFirstReminderDays,
      reminderIntervalDays: SCHEDULE_DEFAULTS.documentReminderIntervalDays,
    });
    return new KnowledgeIndex(await publishedArticles(db));
  } finally {
    await close();
  }
}
