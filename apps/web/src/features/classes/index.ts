// The classes feature's public surface: the app's router composes these pages.

// For the directory's cards and public profiles: every class shown links to its class page.
export { classPagePath } from '@soulpunch/shared';
export { useApplyPaymentLinkToUpcomingClasses } from './api/apply-payment-link';
export { trainerClassesQueryOptions } from './api/get-trainer-classes';
export { ClassDetailsPage } from './components/class-details-page';
export { PublicCalendarPage } from './components/public-calendar-page';
export { PublicClassesPage } from './components/public-classes-page';
export { TrainerCalendarPage } from './components/trainer-calendar-page';
export { classTimeText } from './format';
