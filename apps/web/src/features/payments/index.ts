// The enrolment and the payment provider, for onboarding's checkout and confirmation pages.
export {
  useConfirmEnrolment,
  useConfirmPayment,
  useCurrentEnrolment,
  useRetryCheckout,
  useStartEnrolment,
  useVerifyEnrolmentEmail,
} from './api/enrolment';
export { usePaymentProvider } from './api/test-checkout';
export { LedgerPanel } from './components/ledger-panel';
export { PaymentBanner } from './components/payment-banner';
export { PaymentEventsPage } from './components/payment-events-page';
export { PortalEnrolmentPage } from './components/portal-enrolment-page';
export { ResourcesPaused } from './components/resources-paused';
export { TestCheckoutPage } from './components/test-checkout-page';
