import { privacyPolicy } from '@soulpunch/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalDocument } from './components/legal-document';
import { LegalPageNavigation } from './components/legal-page-navigation';
import type { LegalPageProps } from './types';

export function PrivacyPolicyPage({ variant }: LegalPageProps) {
  useDocumentTitle('Privacy Policy | Soul Punch');
  return <LegalDocument content={privacyPolicy} navigation={<LegalPageNavigation variant={variant} />} />;
}
