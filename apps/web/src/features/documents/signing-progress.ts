import type { DocumentSummary } from '@soulpunch/shared';

/** Where a trainer stands with their required documents, as the documents page and a new signature say it. */
export interface SigningProgress {
  signed: number;
  required: number;
  allSigned: boolean;
  /** The first required document that can be signed now (sent or about to be), in the list's order. */
  next: DocumentSummary | null;
}

export function signingProgress(documents: readonly DocumentSummary[]): SigningProgress {
  const required = documents.filter((d) => d.required);
  const signed = required.filter((d) => d.status === 'signed').length;
  return {
    signed,
    required: required.length,
    allSigned: required.length > 0 && signed === required.length,
    next: required.find((d) => d.status === 'sent' || d.status === 'pending') ?? null,
  };
}

/** '2 of 3 signed'. */
export function signedCount({ signed, required }: Pick<SigningProgress, 'signed' | 'required'>): string {
  return `${signed} of ${required} signed`;
}

/** Where the trainer goes once every required document is signed (the documents page's Continue). */
export const AFTER_LAST_SIGNATURE = '/onboarding/welcome';

/** What the last signature, and the documents page after it, tell the trainer to do. */
export const ALL_SIGNED_NEXT_STEP =
  'All your documents are signed. Continue to your welcome page and your trainer access.';
