export type { LegalDocumentContent, LegalSection } from '@soulpunch/shared';

/** Which shell a legal or support page is shown in: the public site or the trainer portal. */
export type LegalPageVariant = 'public' | 'portal';

export interface LegalPageProps {
  variant: LegalPageVariant;
}
