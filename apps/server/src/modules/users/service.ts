// The users module's public API: other modules call these, never users/repository directly.
export {
  ensureUser,
  findUserByEmail,
  grantRole,
  insertRoleChange,
  listRoleChanges,
  listUsersWithRole,
  loadSessionUser,
  lockAdminRoles,
  revokeRole,
  setUserEmail,
  setUserName,
  updateUserEmailAndName,
} from './repository';
