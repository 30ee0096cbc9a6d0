import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database';
import * as initial from './migrations/0001-initial';
import * as trainerChanges from './migrations/0002-trainer-changes';
import * as resources from './migrations/0003-resources';
import * as trainerCoordinates from './migrations/0004-trainer-coordinates';
import * as classes from './migrations/0005-classes';
import * as enrolmentAndPayments from './migrations/0006-enrolment-and-payments';
import * as documents from './migrations/0007-documents';
import * as assistant from './migrations/0008-assistant';
import * as upcomingTrainingDates from './migrations/0009-upcoming-training-dates';
import * as scheduledJobRounds from './migrations/0010-scheduled-job-rounds';
import * as directorySearch from './migrations/0011-directory-search';
import * as publicClassesCache from './migrations/0012-public-classes-cache';
import * as enrolmentIdentity from './migrations/0013-enrolment-identity';
import * as emailChanges from './migrations/0014-email-changes';
import * as mailQueue from './migrations/0015-mail-queue';
import * as knowledgeSeedBody from './migrations/0016-knowledge-seed-body';
import * as progressFacts from './migrations/0017-progress-facts';
import * as offlinePayments from './migrations/0018-offline-payments';
import * as adminCalendar from './migrations/0019-admin-calendar';
import * as classReviews from './migrations/0020-class-reviews';
import * as certificationRecord from './migrations/0021-certification-record';
import * as insurancePolicies from './migrations/0022-insurance-policies';
import * as credentialSigningKeys from './migrations/0023-credential-signing-keys';
import * as renewalFeeAndSessions from './migrations/0024-renewal-fee-and-sessions';
import * as settings from './migrations/0025-settings';
import * as inventoryAndShipments from './migrations/0026-inventory-and-shipments';
import * as publicClassIndexes from './migrations/0027-public-class-indexes';
import * as directoryOrder from './migrations/0028-directory-order';

// Listed in code (not read from disk) so the same list runs under tsx, tests and any bundler.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-trainer-changes': trainerChanges,
  '0003-resources': resources,
  '0004-trainer-coordinates': trainerCoordinates,
  '0005-classes': classes,
  '0006-enrolment-and-payments': enrolmentAndPayments,
  '0007-documents': documents,
  '0008-assistant': assistant,
  '0009-upcoming-training-dates': upcomingTrainingDates,
  '0010-scheduled-job-rounds': scheduledJobRounds,
  '0011-directory-search': directorySearch,
  '0012-public-classes-cache': publicClassesCache,
  '0013-enrolment-identity': enrolmentIdentity,
  '0014-email-changes': emailChanges,
  '0015-mail-queue': mailQueue,
  '0016-knowledge-seed-body': knowledgeSeedBody,
  '0017-progress-facts': progressFacts,
  '0018-offline-payments': offlinePayments,
  '0019-admin-calendar': adminCalendar,
  '0020-class-reviews': classReviews,
  '0021-certification-record': certificationRecord,
  '0022-insurance-policies': insurancePolicies,
  '0023-credential-signing-keys': credentialSigningKeys,
  '0024-renewal-fee-and-sessions': renewalFeeAndSessions,
  '0025-settings': settings,
  '0026-inventory-and-shipments': inventoryAndShipments,
  '0027-public-class-indexes': publicClassIndexes,
  '0028-directory-order': directoryOrder,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** True when every migration has run already: one query instead of the migrator's lock and checks. */
export async function schemaIsCurrent(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const wanted = Object.keys(migrations).sort();
    return rows.length === wanted.length && rows.every((row, i) => row.name === wanted[i]);
  } catch {
    return false; // A new database: no migration table yet.
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Most starts find the schema current; the migrator (with its lock) runs only when something is missing.
  if (await schemaIsCurrent(db)) return;
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
