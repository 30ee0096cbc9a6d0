import { termsOfService } from '@soulpunch/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalDocument } from './components/legal-document';
import { LegalPageNavigation } from './components/legal-page-navigation';
import type { LegalPageProps } from './types';

export function TermsOfServicePage({ variant }: LegalPageProps) {
  useDocumentTitle('Terms of Service | Soul Punch');
  return <LegalDocument content={termsOfService} navigation={<LegalPageNavigation variant={variant} />} />;
}
