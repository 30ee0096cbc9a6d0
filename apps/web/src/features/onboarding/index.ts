export { CheckoutPage } from './components/checkout-page';
export { ConfirmationPage } from './components/confirmation-page';
export { PaymentConfirmationPage } from './components/payment-confirmation-page';
export { TestModePage } from './components/test-mode-page';
export { WelcomePage } from './components/welcome-page';
