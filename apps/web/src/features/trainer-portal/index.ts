export { TrainerDashboard } from './components/trainer-dashboard';
export { type PortalAccess, portalAccessFor } from './portal-access';
