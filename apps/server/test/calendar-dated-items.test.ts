import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { type DatedItemSource, listOtherDatedItems } from '../src/modules/calendar/dated-items';

// The certification module's sources are built elsewhere; these stand-ins answer as a source must.
const renewals: DatedItemSource = async () => [
  {
    kind: 'certification_renewal',
    date: '2026-03-02',
    title: 'Maria Garcia',
    trainerId: 1,
    href: '/admin/trainers/1',
  },
  { kind: 'certification_renewal', date: '2026-05-01', title: 'Outside the range', trainerId: 2, href: null },
];
const insurance: DatedItemSource = async () => [
  {
    kind: 'insurance_expiry',
    date: '2026-03-01',
    title: 'Devon Price',
    trainerId: 3,
    href: '/admin/trainers/3',
  },
];

describe("other modules' dated items on the calendar", () => {
  it('merges every source, keeps the range, and sorts by day', async () => {
    const items = await listOtherDatedItems({} as AppDeps, '2026-03-01', '2026-03-31', [renewals, insurance]);
    expect(items.map((i) => [i.date, i.kind, i.title])).toEqual([
      ['2026-03-01', 'insurance_expiry', 'Devon Price'],
      ['2026-03-02', 'certification_renewal', 'Maria Garcia'],
    ]);
  });

  it('answers none without a source', async () => {
    expect(await listOtherDatedItems({} as AppDeps, '2026-03-01', '2026-03-31', [])).toEqual([]);
  });
});
