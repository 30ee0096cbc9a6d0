export { AdminCalendarPage, InventoryPage, SettingsPage } from './components/placeholder-pages';
