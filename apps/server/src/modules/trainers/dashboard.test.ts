import type { DocumentSummary } from '@soulpunch/shared';
import { describe, expect, it } from 'vitest';
import { dashboardFigures, type TrainerGroup } from './dashboard';

function document(
  id: number,
  trainerId: number,
  type: DocumentSummary['type'],
  status: DocumentSummary['status'],
) {
  return { id, trainerId, trainerName: `Trainer ${trainerId}`, type, title: type, status } as DocumentSummary;
}

const group = (over: Partial<TrainerGroup> & { n: number }): TrainerGroup => ({
  onboardingStatus: 'documents_pending',
  paymentStatus: 'completed',
  band: 'Low',
  ...over,
});

describe('dashboard figures', () => {
  it('counts the groups, names the trainers awaiting documents with their latest documents', () => {
    const figures = dashboardFigures({
      groups: [
        group({ band: 'High', n: 1 }),
        group({ n: 1 }),
        group({ onboardingStatus: 'payment_pending', paymentStatus: 'pending', n: 1 }),
        group({ onboardingStatus: 'completed', band: 'Very Low', n: 1 }),
      ],
      awaiting: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Ben' },
      ],
      documents: [
        // Newest first, as the repository reads them; Ada's agreement was sent again after it expired.
        document(7, 1, 'trainer_agreement', 'sent'),
        document(6, 3, 'nda', 'sent'),
        document(5, 1, 'liability_waiver', 'signed'),
        document(4, 1, 'nda', 'signed'),
        document(3, 1, 'trainer_agreement', 'expired'),
      ],
      awaitingIds: new Set([1]),
    });
    expect(figures.trainerCount).toBe(4);
    expect(figures.byOnboardingStatus).toEqual({ documents_pending: 2, payment_pending: 1, completed: 1 });
    expect(figures.byPaymentStatus).toEqual({ completed: 3, pending: 1 });
    expect(figures.byBand).toEqual({ High: 1, Medium: 0, Low: 2, 'Very Low': 1 });
    expect(figures.awaitingDocuments).toEqual([
      {
        trainerId: 1,
        trainerName: 'Ada',
        documents: [
          { id: 7, type: 'trainer_agreement', title: 'trainer_agreement', status: 'sent' },
          { id: 4, type: 'nda', title: 'nda', status: 'signed' },
          { id: 5, type: 'liability_waiver', title: 'liability_waiver', status: 'signed' },
        ],
      },
      { trainerId: 2, trainerName: 'Ben', documents: [] },
    ]);
    expect(figures.awaitingDocumentsTotal).toBe(figures.byOnboardingStatus.documents_pending);
    // Every open document of anyone, Cy's too: Cy has not paid, so Cy is not in the stage.
    expect(figures.pendingDocuments.map((d) => d.id)).toEqual([7, 6]);
    expect(figures.pendingDocumentsElsewhere).toBe(1);
  });

  it('has nothing pending and every band at zero without trainers', () => {
    expect(dashboardFigures({ groups: [], awaiting: [], documents: [], awaitingIds: new Set() })).toEqual({
      trainerCount: 0,
      byOnboardingStatus: {},
      byPaymentStatus: {},
      byBand: { High: 0, Medium: 0, Low: 0, 'Very Low': 0 },
      pendingDocuments: [],
      awaitingDocuments: [],
      awaitingDocumentsTotal: 0,
      pendingDocumentsElsewhere: 0,
    });
  });
});
