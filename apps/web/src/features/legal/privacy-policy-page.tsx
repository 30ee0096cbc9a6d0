import { privacyPolicy } from '@soulpunch/shared';
import { LegalDocument } from './components/legal-document';
import { LegalPageNavigation } from './components/legal-page-navigation';
import type { LegalPageProps } from './types';

export function PrivacyPolicyPage({ variant }: LegalPageProps) {
  return <LegalDocument content={privacyPolicy} navigation={<LegalPageNavigation variant={variant} />} />;
}
