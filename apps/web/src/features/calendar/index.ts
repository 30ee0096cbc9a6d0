export { AdminCalendarPage } from './components/admin-calendar-page';
export { TrainerBookingsPanel } from './components/trainer-bookings-panel';
