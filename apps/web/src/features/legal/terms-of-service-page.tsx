import { termsOfService } from '@soulpunch/shared';
import { LegalDocument } from './components/legal-document';
import { LegalPageNavigation } from './components/legal-page-navigation';
import type { LegalPageProps } from './types';

export function TermsOfServicePage({ variant }: LegalPageProps) {
  return <LegalDocument content={termsOfService} navigation={<LegalPageNavigation variant={variant} />} />;
}
