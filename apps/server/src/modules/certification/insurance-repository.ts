import type { InsurancePolicyRow } from '../../db/schema-certification';
import type { Executor } from '../../db/types';

/** The current policy: the latest submitted. */
export async function findCurrentPolicy(
  db: Executor,
  trainerId: number,
): Promise<InsurancePolicyRow | undefined> {
  return db
    .selectFrom('insurancePolicies')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertPolicy(
  db: Executor,
  row: {
    trainerId: number;
    provider: string;
    policyNumber: string;
    expiresOn: string;
    submittedBy: number;
    submittedAt: Date;
  },
): Promise<InsurancePolicyRow> {
  return db.insertInto('insurancePolicies').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function setPolicyCertificate(
  db: Executor,
  id: number,
  certificateKey: string,
  certificateType: 'pdf' | 'png' | 'jpeg',
): Promise<void> {
  await db
    .updateTable('insurancePolicies')
    .set({ certificateKey, certificateType, acceptedAt: null, acceptedBy: null })
    .where('id', '=', id)
    .execute();
}

export async function markPolicyAccepted(db: Executor, id: number, adminId: number, at: Date): Promise<void> {
  await db
    .updateTable('insurancePolicies')
    .set({ acceptedAt: at, acceptedBy: adminId })
    .where('id', '=', id)
    .execute();
}

/** Every trainer's current policy with the trainer's contact, for the reminders and the listing pause. */
export async function listCurrentPolicies(db: Executor) {
  return db
    .selectFrom('insurancePolicies as p')
    .innerJoin('trainers as t', 't.id', 'p.trainerId')
    .select(['p.trainerId', 'p.expiresOn', 'p.acceptedAt', 't.name', 't.email'])
    .where('p.id', 'in', (q) =>
      q
        .selectFrom('insurancePolicies')
        .select((eb) => eb.fn.max('id').as('id'))
        .groupBy('trainerId'),
    )
    .orderBy('p.trainerId')
    .execute();
}

/** Listed records (certified or renewal due) and whether their listing is paused for insurance. */
export async function listListedRecords(db: Executor) {
  return db
    .selectFrom('certificationRecords')
    .select(['trainerId', 'status', 'insurancePausedAt', 'expiresOn'])
    .where('status', 'in', ['certified', 'renewal_due'])
    .execute();
}
