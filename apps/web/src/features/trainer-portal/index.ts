export { TrainerProfilePage } from './components/profile/trainer-profile-page';
export { TrainerDashboard } from './components/trainer-dashboard';
export { type PortalAccess, portalAccessFor } from './portal-access';
