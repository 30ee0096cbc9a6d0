import type { DatedItem } from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import { listExpiriesBetween, listPolicyExpiriesBetween } from './repository';

/**
 * The certification dates the admin Calendar shows as they fall (calendar/dated-items.ts): each certificate's
 * renewal date (its expiry) and each current insurance policy's expiry, linked to the trainer's admin page.
 */
export async function certificationDatedItems(deps: AppDeps, from: string, to: string): Promise<DatedItem[]> {
  const [expiries, policies] = await Promise.all([
    listExpiriesBetween(deps.db, from, to),
    listPolicyExpiriesBetween(deps.db, from, to),
  ]);
  const item = (
    kind: DatedItem['kind'],
    row: { trainerId: number; expiresOn: string | null; name: string },
  ) => ({
    kind,
    date: row.expiresOn ?? '',
    title: row.name,
    trainerId: row.trainerId,
    href: `/admin/trainers/${row.trainerId}`,
  });
  return [
    ...expiries.map((row) => item('certification_renewal', row)),
    ...policies.map((row) => item('insurance_expiry', row)),
  ];
}
