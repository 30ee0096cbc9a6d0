// The users module's public API: other modules call these, never users/repository directly.
export {
  ensureUser,
  findUserByEmail,
  grantRole,
  listUsersWithRole,
  loadSessionUser,
  revokeRole,
  updateUserEmailAndName,
} from './repository';
