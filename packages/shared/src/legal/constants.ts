/** Facts the legal and support pages state, shared by the web pages and the assistant's knowledge base. */
export const SUPPORT_EMAIL = 'support@soulpunch.example';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
export const SUPPORT_REPLY_TIME = '24 to 48 hours';

export const LIVE_SESSION_URL = 'https://live.soulpunch.example/support-session';
export const LIVE_SESSION_DAYS = ['Thursday', 'Sunday'] as const;
export const WEEKLY_TRAINING_TIME = 'Thursdays 7:00 PM CST';

export const HEADQUARTERS = 'Tulsa, Oklahoma';
export const POLICY_EFFECTIVE_DATE = 'May 2025';
export const TERMS_AND_CONDITIONS_VERSION = '1.0';

export const SUPPORT_PATH = '/support';
/** The app shows the portal variant of the Terms of Service at /terms and the public one at /terms-of-service. */
export const TERMS_OF_SERVICE_PATHS = { public: '/terms-of-service', portal: '/terms' } as const;
export const PRIVACY_POLICY_PATH = '/privacy';
export const TERMS_AND_CONDITIONS_PATH = '/legal/terms';
