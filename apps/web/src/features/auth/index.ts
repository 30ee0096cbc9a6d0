// The auth feature's public surface: the app shell and guards read the session through these.
export { sessionQueryKey, sessionQueryOptions, useSession } from './api/get-session';
export { useLogout } from './api/logout';
export { ConfirmPage } from './components/confirm-page';
export { LoginPage } from './components/login-page';
export { useCanChangeAdminArea } from './use-can-change';
