export { PrivacyPolicyPage } from './privacy-policy-page';
export { SupportPage } from './support-page';
export { TermsAndConditionsPage } from './terms-and-conditions-page';
export { TermsOfServicePage } from './terms-of-service-page';
