export { AdminDocumentsPage } from './components/admin-documents-page';
export { DocumentsNotice } from './components/documents-notice';
export { OnboardingDocumentsPage } from './components/onboarding-documents-page';
export { SigningPage } from './components/signing-page';
export { DocumentTemplatesPage } from './components/templates-page';
export { TrainerDocumentsSection } from './components/trainer-documents-section';
export { VerifyPage } from './components/verify-page';
