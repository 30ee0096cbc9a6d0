export { DashboardPage } from './components/dashboard/dashboard-page';
export { SettingsPage } from './components/settings/settings-page';
export { TrainerDetailPage } from './components/trainer-detail/trainer-detail-page';
export { TrainerListPage } from './components/trainer-list/trainer-list-page';
