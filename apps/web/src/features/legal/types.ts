/** Which shell a legal or support page is shown in: the public site or the trainer portal. */
export type LegalPageVariant = 'public' | 'portal';

export interface LegalPageProps {
  variant: LegalPageVariant;
}

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  /** Optional bullet points shown after the paragraphs. */
  items?: readonly string[];
}

export interface LegalDocumentContent {
  title: string;
  /** 'Version 1.0' or 'Effective May 2025'. */
  dateLine: string;
  introduction?: readonly string[];
  sections: readonly LegalSection[];
}
