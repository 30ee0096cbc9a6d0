import { Group } from '@mantine/core';
import { termsAndConditions } from '@soulpunch/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LegalDocument } from './components/legal-document';
import { ReturnToPreviousPageButton } from './components/legal-page-navigation';
import { APP_HOME_PATH } from './constants';

/** Certification program Terms & Conditions (/legal/terms). */
export function TermsAndConditionsPage() {
  useDocumentTitle('Terms & Conditions | Soul Punch');
  return (
    <LegalDocument
      content={termsAndConditions}
      navigation={
        <Group>
          <ReturnToPreviousPageButton fallbackPath={APP_HOME_PATH} />
        </Group>
      }
    />
  );
}
