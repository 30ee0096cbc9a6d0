import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { RequireAdmin } from './guards/require-admin';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * Each page's code loads when its route is first visited, so a visitor on the directory downloads neither the
 * admin area, the portal nor the other public pages (the budget in scripts/bundle-budget.mjs checks it).
 * The router waits for the page's module before it leaves the current screen.
 */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

/** A page behind a sign-in (or reached from one): it brings all of Mantine's styles (app/public-styles.ts). */
function signedInPage<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactNode,
): Pick<RouteObject, 'lazy'> {
  return page(async () => (await Promise.all([load(), import('./all-styles')]))[0], render);
}

type SignedInGroups = typeof import('./signed-in-pages');

/**
 * The loaders of the pages behind a sign-in, which live in their own chunk (signed-in-pages.ts): its imports fetch
 * each page's chunks all at once (vite.config.ts), and the public pages' entry does not carry their list.
 */
function signedInGroup<G extends keyof SignedInGroups>(group: G): SignedInGroups[G] {
  const load = (key: string) => async () => {
    const pages = await import('./signed-in-pages');
    const loader = (pages[group] as Record<string, () => Promise<unknown>>)[key];
    if (!loader) throw new Error(`no page ${group}.${key}`);
    const [page] = await Promise.all([loader(), pages.frames[group]?.()]);
    return page;
  };
  return new Proxy({} as SignedInGroups[G], { get: (_target, key) => load(String(key)) });
}

const admin = signedInGroup('admin');
const assistantAdmin = signedInGroup('assistantAdmin');
const auth = {
  login: () => import('@/features/auth/components/login-page'),
  confirm: () => import('@/features/auth/components/confirm-page'),
};
const certificates = {
  verify: () => import('@/features/certification/components/verify-certificate-page'),
};
const classes = {
  list: () => import('@/features/classes/components/public-classes-page'),
  details: () => import('@/features/classes/components/class-details-page'),
  calendar: () => import('@/features/classes/components/public-calendar-page'),
};
const directory = {
  find: () => import('@/features/directory/components/find-trainer-page'),
  profile: () => import('@/features/directory/components/trainer-profile-page'),
  landing: () => import('@/features/directory/components/visitor-landing-page'),
};
const devMailbox = signedInGroup('dev').mailbox;
const documents = signedInGroup('documents');
const legal = {
  privacy: () => import('@/features/legal/privacy-policy-page'),
  support: () => import('@/features/legal/support-page'),
  terms: () => import('@/features/legal/terms-and-conditions-page'),
  termsOfService: () => import('@/features/legal/terms-of-service-page'),
};
const onboarding = signedInGroup('onboarding');
const payments = signedInGroup('payments');
const portal = signedInGroup('portal');
const reviews = signedInGroup('reviews');

/** Each section has its own error element, so one broken screen keeps the shell and the other sections. */
function section(children: RouteObject[]): RouteObject {
  return { errorElement: <RouteError />, children };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError standalone />,
    children: [
      section([
        { path: '/', ...page(auth.login, (m) => <m.LoginPage />) },
        { path: '/trainer-portal/login', ...page(auth.login, (m) => <m.LoginPage />) },
        { path: '/auth/confirm', ...signedInPage(auth.confirm, (m) => <m.ConfirmPage />) },
        { path: '/auth/confirm-email', ...signedInPage(portal.confirmEmail, (m) => <m.ConfirmEmailPage />) },
        { path: '/dev/mailbox', ...signedInPage(devMailbox, (m) => <m.MailboxPage />) },
      ]),
      section([
        { path: '/trainer-portal', ...signedInPage(portal.dashboard, (m) => <m.TrainerDashboardRoute />) },
        {
          path: '/trainer-portal/dashboard',
          ...signedInPage(portal.dashboard, (m) => <m.TrainerDashboardRoute />),
        },
        {
          path: '/trainer-portal/profile',
          ...signedInPage(portal.profile, (m) => <m.TrainerProfileRoute />),
        },
        {
          path: '/trainer-portal/calendar',
          ...signedInPage(portal.calendar, (m) => <m.TrainerCalendarRoute />),
        },
        {
          // PORTAL_ENROLMENT_PATH (the shared schemas stay out of the router's bundle).
          path: '/trainer-portal/enrolment',
          ...signedInPage(portal.enrolment, (m) => <m.TrainerEnrolmentRoute />),
        },
        {
          path: '/trainer-portal/documents/:id',
          ...signedInPage(documents.signing, (m) => <m.SigningPage />),
        },
        // A signed PDF's check (its QR code; /verify?id= before the certificates' page took /verify).
        { path: '/verify-document', ...signedInPage(documents.verify, (m) => <m.VerifyPage />) },
      ]),
      section([
        { path: '/find-trainer', ...page(directory.find, (m) => <m.FindTrainerPage variant="site" />) },
        {
          path: '/public/find-trainer',
          ...page(directory.find, (m) => <m.FindTrainerPage variant="public" />),
        },
        { path: '/trainer/:id', ...page(directory.profile, (m) => <m.TrainerProfilePage variant="site" />) },
        {
          path: '/public/trainer/:id',
          ...page(directory.profile, (m) => <m.TrainerProfilePage variant="public" />),
        },
        { path: '/classes', ...page(classes.list, (m) => <m.PublicClassesPage variant="site" />) },
        { path: '/public/classes', ...page(classes.list, (m) => <m.PublicClassesPage variant="public" />) },
        { path: '/public/class/:id', ...page(classes.details, (m) => <m.ClassDetailsPage />) },
        // The review link e-mailed after a class (rendered in the browser: its token never reaches a cached page).
        { path: '/public/review', ...signedInPage(reviews.page, (m) => <m.ReviewPage />) },
        { path: '/public-calendar', ...page(classes.calendar, (m) => <m.PublicCalendarPage />) },
        { path: '/public', ...page(directory.landing, (m) => <m.VisitorLandingPage />) },
        // Anyone checks a certificate by its number (the QR code on its PDF): decision record 0015.
        { path: '/verify', ...page(certificates.verify, (m) => <m.VerifyCertificatePage />) },
        { path: '/verify/:number', ...page(certificates.verify, (m) => <m.VerifyCertificatePage />) },
      ]),
      {
        path: '/admin',
        element: <RequireAdmin />,
        errorElement: <RouteError />,
        children: [
          { index: true, ...signedInPage(admin.dashboard, (m) => <m.DashboardPage />) },
          { path: 'trainers', ...signedInPage(admin.trainerList, (m) => <m.TrainerListPage />) },
          { path: 'trainers/:id', ...signedInPage(admin.trainerDetail, (m) => <m.TrainerDetailPage />) },
          { path: 'documents', ...signedInPage(documents.admin, (m) => <m.AdminDocumentsPage />) },
          {
            path: 'documents/templates',
            ...signedInPage(documents.templates, (m) => <m.DocumentTemplatesPage />),
          },
          { path: 'calendar', ...signedInPage(admin.calendar, (m) => <m.AdminCalendarPage />) },
          { path: 'inventory', ...signedInPage(admin.inventory, (m) => <m.InventoryPage />) },
          { path: 'settings', ...signedInPage(admin.settings, (m) => <m.SettingsPage />) },
          { path: 'payment-events', ...signedInPage(payments.events, (m) => <m.PaymentEventsPage />) },
          { path: 'reviews', ...signedInPage(admin.reviews, (m) => <m.AdminReviewsPage />) },
          { path: 'knowledge', ...signedInPage(assistantAdmin.knowledge, (m) => <m.KnowledgePage />) },
          {
            path: 'knowledge/new',
            ...signedInPage(assistantAdmin.articleEditor, (m) => <m.NewArticlePage />),
          },
          {
            path: 'knowledge/:id',
            ...signedInPage(assistantAdmin.articleEditor, (m) => <m.ArticleEditorPage />),
          },
          {
            path: 'assistant/questions',
            ...signedInPage(assistantAdmin.questions, (m) => <m.QuestionsPage />),
          },
          { path: 'resources', ...signedInPage(assistantAdmin.resources, (m) => <m.ResourcesPage />) },
        ],
      },
      { path: '/trainers', element: <Navigate to="/admin/trainers" replace /> },
      section([
        { path: '/onboarding/checkout', ...signedInPage(onboarding.checkout, (m) => <m.CheckoutPage />) },
        {
          path: '/onboarding/payment-confirmation',
          ...signedInPage(onboarding.paymentConfirmation, (m) => <m.PaymentConfirmationPage />),
        },
        {
          path: '/onboarding/confirmation',
          ...signedInPage(onboarding.confirmation, (m) => <m.ConfirmationPage />),
        },
        {
          path: '/onboarding/documents',
          ...signedInPage(documents.onboarding, (m) => <m.OnboardingDocumentsPage />),
        },
        { path: '/onboarding/welcome', ...signedInPage(onboarding.welcome, (m) => <m.WelcomePage />) },
        { path: '/test', ...signedInPage(onboarding.testMode, (m) => <m.TestModePage />) },
        { path: '/test-checkout/:id', ...signedInPage(payments.testCheckout, (m) => <m.TestCheckoutPage />) },
      ]),
      section([
        { path: '/legal/terms', ...page(legal.terms, (m) => <m.TermsAndConditionsPage />) },
        {
          path: '/terms',
          ...signedInPage(legal.termsOfService, (m) => <m.TermsOfServicePage variant="portal" />),
        },
        {
          path: '/terms-of-service',
          ...page(legal.termsOfService, (m) => <m.TermsOfServicePage variant="public" />),
        },
        {
          path: '/terms-of-service-public',
          ...page(legal.termsOfService, (m) => <m.TermsOfServicePage variant="public" />),
        },
        { path: '/privacy', ...page(legal.privacy, (m) => <m.PrivacyPolicyPage variant="public" />) },
        {
          path: '/privacy-policy-public',
          ...page(legal.privacy, (m) => <m.PrivacyPolicyPage variant="public" />),
        },
        { path: '/support', ...signedInPage(legal.support, (m) => <m.SupportPage variant="portal" />) },
        { path: '/support-public', ...page(legal.support, (m) => <m.SupportPage variant="public" />) },
      ]),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
