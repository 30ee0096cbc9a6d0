// The trainer's resources, for onboarding's welcome page.
export { useResources } from './api/get-resources';
export { useRecordResourceVisit } from './api/record-resource-visit';
export { TrainerProfilePage } from './components/profile/trainer-profile-page';
export { TrainerDashboard } from './components/trainer-dashboard';
export { type PortalAccess, portalAccessFor } from './portal-access';
