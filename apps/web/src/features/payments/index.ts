export { LedgerPanel } from './components/ledger-panel';
export { PaymentBanner } from './components/payment-banner';
export { PaymentEventsPage } from './components/payment-events-page';
export { ResourcesPaused } from './components/resources-paused';
export { TestCheckoutPage } from './components/test-checkout-page';
