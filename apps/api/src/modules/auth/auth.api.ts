/**
 * The auth module's surface for what builds a firm outside sign-up (the demo seed): the same
 * writes sign-up makes, and the roles, practice areas, activity types and expense categories a new
 * firm starts with.
 */
export {
  findFirmBySlug,
  insertFirm,
  insertFirmReferenceData,
  insertPortalAccount,
  insertRoles,
  insertTrialSubscription,
  insertUser,
  setFirmOwner,
} from './auth.repository.ts';
export { DEFAULT_ACTIVITY_TYPES, DEFAULT_EXPENSE_CATEGORIES, DEFAULT_PRACTICE_AREAS, DEFAULT_ROLES } from './firm-defaults.ts';

/** The single-use emailed links and password writes My account's email and password changes use. */
export { consumeAuthToken, findUsableAuthToken, findUserByEmail, insertAuthToken, setPassword } from './auth.repository.ts';

/** What every recovery step (password change, email-change undo, signing out everywhere) does to passkeys and remembered browsers. */
export { secureAccountAfterRecovery } from './recovery-step.ts';
