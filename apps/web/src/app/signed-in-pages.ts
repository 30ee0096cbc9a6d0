// The pages behind a sign-in, by section, loaded through router.tsx's signedInGroup. The dynamic imports are here,
// not in the router, so that each lists its chunks for fetching at once (vite.config.ts) without the public
// pages' entry carrying that list.

export const admin = {
  dashboard: () => import('@/features/admin/components/dashboard/dashboard-page'),
  trainerList: () => import('@/features/admin/components/trainer-list/trainer-list-page'),
  trainerDetail: () => import('@/features/admin/components/trainer-detail/trainer-detail-page'),
  settings: () => import('@/features/admin/components/settings/settings-page'),
  inventory: () => import('@/features/inventory/components/inventory-page'),
  calendar: () => import('@/features/calendar/components/admin-calendar-page'),
  reviews: () => import('@/features/reviews/components/admin-reviews-page'),
};

export const assistantAdmin = {
  knowledge: () => import('@/features/assistant/admin/knowledge-page'),
  articleEditor: () => import('@/features/assistant/admin/article-editor-page'),
  questions: () => import('@/features/assistant/admin/questions-page'),
  resources: () => import('@/features/assistant/admin/resources-page'),
};

export const documents = {
  admin: () => import('@/features/documents/components/admin-documents-page'),
  templates: () => import('@/features/documents/components/templates-page'),
  onboarding: () => import('@/features/documents/components/onboarding-documents-page'),
  signing: () => import('@/features/documents/components/signing-page'),
  verify: () => import('@/features/documents/components/verify-page'),
};

export const onboarding = {
  checkout: () => import('@/features/onboarding/components/checkout-page'),
  paymentConfirmation: () => import('@/features/onboarding/components/payment-confirmation-page'),
  confirmation: () => import('@/features/onboarding/components/confirmation-page'),
  welcome: () => import('@/features/onboarding/components/welcome-page'),
  testMode: () => import('@/features/onboarding/components/test-mode-page'),
};

export const payments = {
  events: () => import('@/features/payments/components/payment-events-page'),
  testCheckout: () => import('@/features/payments/components/test-checkout-page'),
};

export const portal = {
  dashboard: () => import('./routes/trainer-dashboard-route'),
  profile: () => import('./routes/trainer-profile-route'),
  calendar: () => import('./routes/trainer-calendar-route'),
  enrolment: () => import('./routes/trainer-enrolment-route'),
  confirmEmail: () => import('@/features/trainer-portal/components/profile/confirm-email-page'),
};

/** The page a review link opens (no frame of its own: the public one). */
export const reviews = { page: () => import('@/features/reviews/components/review-page') };

export const dev = { mailbox: () => import('@/features/dev-mailbox/components/mailbox-page') };

/**
 * The frame around each section's pages (root-layout.tsx loads it once the session is known): fetched with the
 * page instead, so that knowing the session is the last step before the page shows.
 */
export const frames: Record<string, (() => Promise<unknown>) | undefined> = {
  admin: () => import('./layouts/admin-shell'),
  assistantAdmin: () => import('./layouts/admin-shell'),
  payments: () => import('./layouts/admin-shell'),
  portal: () => import('./layouts/portal-frame-header'),
};
