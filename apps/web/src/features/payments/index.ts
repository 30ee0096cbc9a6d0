export { LedgerPanel } from './components/ledger-panel';
export { PaymentBanner } from './components/payment-banner';
export { PaymentEventsPage } from './components/payment-events-page';
export { TestCheckoutPage } from './components/test-checkout-page';
