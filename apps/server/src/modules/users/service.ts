// The users module's public API: other modules call these, never users/repository directly.
export {
  ensureUser,
  findUserByEmail,
  grantRole,
  listUsersWithRole,
  loadSessionUser,
  revokeRole,
  setUserEmail,
  setUserName,
  updateUserEmailAndName,
} from './repository';
