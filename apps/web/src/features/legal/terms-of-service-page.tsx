import { LegalDocument } from './components/legal-document';
import { LegalPageNavigation } from './components/legal-page-navigation';
import { termsOfService } from './content/terms-of-service';
import type { LegalPageProps } from './types';

export function TermsOfServicePage({ variant }: LegalPageProps) {
  return <LegalDocument content={termsOfService} navigation={<LegalPageNavigation variant={variant} />} />;
}
