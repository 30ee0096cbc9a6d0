// The classes feature's public surface: the app's router composes these pages.
export { ClassDetailsPage } from './components/class-details-page';
export { PublicCalendarPage } from './components/public-calendar-page';
export { PublicClassesPage } from './components/public-classes-page';
export { TrainerCalendarPage } from './components/trainer-calendar-page';
