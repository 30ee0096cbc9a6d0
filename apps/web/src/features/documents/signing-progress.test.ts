import { describe, expect, it } from 'vitest';
import { signedCount, signingProgress } from './signing-progress';
import { summary } from './testing/fixtures';

const agreement = summary({ id: 1, type: 'trainer_agreement', title: 'Trainer Agreement' });
const nda = summary({ id: 2, type: 'nda', title: 'Non-Disclosure Agreement' });
const waiver = summary({ id: 3, type: 'liability_waiver', title: 'Liability Waiver' });

describe('signing progress', () => {
  it('counts the signed required documents and names the first one left to sign', () => {
    const progress = signingProgress([{ ...agreement, status: 'signed' }, nda, waiver]);
    expect(progress).toMatchObject({ signed: 1, required: 3, allSigned: false });
    expect(progress.next?.title).toBe('Non-Disclosure Agreement');
    expect(signedCount(progress)).toBe('1 of 3 signed');
  });

  it('goes back to an earlier document left unsigned when a later one was signed first', () => {
    const progress = signingProgress([
      agreement,
      { ...nda, status: 'signed' },
      { ...waiver, status: 'signed' },
    ]);
    expect(progress.next?.id).toBe(1);
    expect(signedCount(progress)).toBe('2 of 3 signed');
  });

  it('is complete when every required document is signed, with nothing next', () => {
    const progress = signingProgress(
      [agreement, nda, waiver].map((d) => ({ ...d, status: 'signed' as const })),
    );
    expect(progress).toEqual({ signed: 3, required: 3, allSigned: true, next: null });
  });

  it('offers no expired document as the next one, and ignores documents that are not required', () => {
    const progress = signingProgress([
      { ...agreement, status: 'signed' },
      { ...nda, status: 'expired' },
      { ...waiver, status: 'signed' },
      summary({ id: 9, required: false }),
    ]);
    expect(progress).toEqual({ signed: 2, required: 3, allSigned: false, next: null });
  });

  it('is never complete without documents', () => {
    expect(signingProgress([])).toEqual({ signed: 0, required: 0, allSigned: false, next: null });
  });
});
