// The facts the pages state live in packages/shared (the assistant's knowledge base reads them too).
export {
  HEADQUARTERS,
  LIVE_SESSION_DAYS,
  LIVE_SESSION_URL,
  POLICY_EFFECTIVE_DATE,
  PRIVACY_POLICY_PATH,
  SUPPORT_EMAIL,
  SUPPORT_MAILTO,
  SUPPORT_REPLY_TIME,
  TERMS_AND_CONDITIONS_PATH,
  TERMS_AND_CONDITIONS_VERSION,
  TERMS_OF_SERVICE_PATHS,
  WEEKLY_TRAINING_TIME,
} from '@soulpunch/shared';

export const FIND_TRAINER_PATH = '/find-trainer';
export const TRAINER_DASHBOARD_PATH = '/trainer-portal/dashboard';
/** Where 'Return to previous page' goes when the page was opened directly and has no in-app history. */
export const APP_HOME_PATH = '/';
