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
