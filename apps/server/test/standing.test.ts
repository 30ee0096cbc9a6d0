import type { CertificationStatus, DocumentType } from '@soulpunch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTrainerStanding } from '../src/modules/standing/service';
import { buildTestApp, createUser, inPublicDirectory, type TestApp } from './helper';

// The standing rule is written once, in SQL: the directory's filter and the reasons a trainer reads come from it.
// Each case checks the trainer's standing (listed and why not) against the directory's own filter.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
async function trainer(): Promise<number> {
  const { trainerId } = await createUser(t.app, `standing-${++n}@example.com`, ['trainer'], `Trainer ${n}`);
  if (!trainerId) throw new Error('no trainer');
  return trainerId;
}

async function template(type: DocumentType, version: number): Promise<number> {
  const found = await t.app.db
    .selectFrom('documentTemplates')
    .select('id')
    .where('type', '=', type)
    .where('version', '=', version)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await t.app.db
    .insertInto('documentTemplates')
    .values({
      type,
      version,
      title: 'Trainer Agreement',
      description: 'v',
      body: `v${version}`,
      sha256: `v${version}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function doc(trainerId: number, version: number, status: 'signed' | 'sent' | 'pending' | 'expired') {
  await t.app.db
    .insertInto('documents')
    .values({
      trainerId,
      templateId: await template('trainer_agreement', version),
      type: 'trainer_agreement',
      status,
    })
    .execute();
}

async function setCertification(
  trainerId: number,
  changes: { status?: CertificationStatus; insurancePausedAt?: Date },
) {
  await t.app.db
    .updateTable('certificationRecords')
    .set(changes)
    .where('trainerId', '=', trainerId)
    .execute();
}

const inDirectory = (trainerId: number) => inPublicDirectory(t.app, trainerId);

describe('a trainer\u2019s standing and the directory agree', () => {
  it.each([
    { name: 'no documents', setup: async (_id: number) => {}, listed: true, reason: null },
    {
      name: 'a sent document, never signed',
      setup: (id: number) => doc(id, 1, 'sent'),
      listed: false,
      reason: /is not signed yet/,
    },
    {
      name: 'signed v1 and an open re-sign request for v2',
      setup: async (id: number) => {
        await doc(id, 1, 'signed');
        await doc(id, 2, 'sent');
      },
      listed: true,
      reason: null,
    },
    {
      name: 'signed v1 and an expired re-sign request for v2',
      setup: async (id: number) => {
        await doc(id, 1, 'signed');
        await doc(id, 2, 'expired');
      },
      listed: false,
      reason: /version 2 was not signed in time/,
    },
    {
      name: 'signed v2 and an expired request for v1',
      setup: async (id: number) => {
        await doc(id, 2, 'signed');
        await doc(id, 1, 'expired');
      },
      listed: true,
      reason: null,
    },
    {
      name: 'access paused for an unpaid instalment',
      setup: async (id: number) => {
        await t.app.db
          .updateTable('trainers')
          .set({ accessPausedAt: new Date() })
          .where('id', '=', id)
          .execute();
      },
      listed: false,
      reason: /access is paused/,
    },
    {
      name: 'certification suspended',
      setup: async (id: number) => {
        await doc(id, 1, 'signed');
        await t.app.db
          .updateTable('trainers')
          .set({ certificationSuspendedAt: new Date() })
          .where('id', '=', id)
          .execute();
      },
      listed: false,
      reason: /certification is on hold/,
    },
    // The certification record, every status (decision record 0014): only certified and renewal due are listed.
    ...(
      [
        ['in_training', false, /has not been issued yet/],
        ['certified', true, null],
        ['renewal_due', true, null],
        ['lapsed', false, /has lapsed/],
        ['suspended', false, /is suspended/],
        ['revoked', false, /has been revoked/],
      ] as const
    ).map(([status, listed, reason]) => ({
      name: `certification ${status}`,
      setup: (id: number) => setCertification(id, { status }),
      listed,
      reason,
    })),
    {
      name: 'no certification record at all (in training)',
      setup: async (id: number) => {
        await t.app.db.deleteFrom('certificationRecords').where('trainerId', '=', id).execute();
      },
      listed: false,
      reason: /has not been issued yet/,
    },
    {
      name: 'certified, listing paused for expired insurance',
      setup: (id: number) => setCertification(id, { insurancePausedAt: new Date() }),
      listed: false,
      reason: /insurance policy must be on file/,
    },
  ])('$name', async ({ setup, listed, reason }) => {
    const id = await trainer();
    await setup(id);
    const standing = await getTrainerStanding(t.app.db, id);
    expect(standing.listed).toBe(listed);
    expect(await inDirectory(id)).toBe(listed);
    expect(standing.reasons.length === 0).toBe(listed);
    if (reason) expect(standing.reasons).toEqual([expect.stringMatching(reason)]);
  });
});
