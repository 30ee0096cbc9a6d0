import type { DocumentDetail, DocumentSummary, EsignConsentState, SessionUser } from '@soulpunch/shared';

export const HASH = 'a'.repeat(64);

export const trainer: SessionUser = {
  id: 3,
  email: 'tina@example.com',
  name: 'Tina Trainer',
  roles: ['trainer'],
  trainerId: 7,
};

export function summary(overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    id: 1,
    type: 'trainer_agreement',
    title: 'Trainer Agreement',
    description: 'Your certification terms.',
    status: 'sent',
    trainerId: 7,
    trainerName: 'Tina Trainer',
    templateVersion: 1,
    templateHash: HASH,
    sentAt: '2025-03-05T14:07:00Z',
    reminderSentAt: null,
    signedAt: null,
    expiresAt: '2025-04-04T14:07:00Z',
    url: '/trainer-portal/documents/1',
    required: true,
    pdfHash: null,
    ...overrides,
  };
}

export function detail(overrides: Partial<DocumentDetail> = {}): DocumentDetail {
  return {
    ...summary(),
    body: '1. Certification\n\nYour certification is valid for 2 years.',
    signerName: null,
    consentRequired: false,
    ...overrides,
  };
}

export const consentGiven: EsignConsentState = {
  disclosure: { version: 1, sha256: 'b'.repeat(64), text: 'You may ask for a paper copy.' },
  given: { at: '2025-03-05T14:10:00Z', version: 1 },
};
