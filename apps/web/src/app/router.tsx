import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import {
  AdminCalendarPage,
  DashboardPage,
  InventoryPage,
  SettingsPage,
  TrainerDetailPage,
  TrainerListPage,
} from '@/features/admin';
import { ConfirmPage, LoginPage } from '@/features/auth';
import { ClassDetailsPage, PublicCalendarPage, PublicClassesPage } from '@/features/classes';
import { MailboxPage } from '@/features/dev-mailbox';
import { FindTrainerPage, TrainerProfilePage, VisitorLandingPage } from '@/features/directory';
import { PrivacyPolicyPage, SupportPage, TermsAndConditionsPage, TermsOfServicePage } from '@/features/legal';
import {
  CheckoutPage,
  ConfirmationPage,
  PaymentConfirmationPage,
  TestModePage,
  WelcomePage,
} from '@/features/onboarding';
import { PaymentEventsPage, TestCheckoutPage } from '@/features/payments';
import { RequireAdmin } from './guards/require-admin';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { TrainerCalendarRoute } from './routes/trainer-calendar-route';
import { TrainerDashboardRoute } from './routes/trainer-dashboard-route';
import { TrainerProfileRoute } from './routes/trainer-profile-route';

const home = { to: '/', label: 'Back to Home' };
const toAdmin = { to: '/admin', label: 'Back to Dashboard' };

/** A route whose screen a later release builds. */
function soon(path: string, title: string, back = home): RouteObject {
  return { path, element: <ComingSoon title={title} back={back} /> };
}

/** Each section has its own error element, so one broken screen keeps the shell and the other sections. */
function section(children: RouteObject[]): RouteObject {
  return { errorElement: <RouteError />, children };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError standalone />,
    children: [
      section([
        { path: '/', element: <LoginPage /> },
        { path: '/trainer-portal/login', element: <LoginPage /> },
        { path: '/auth/confirm', element: <ConfirmPage /> },
        { path: '/dev/mailbox', element: <MailboxPage /> },
      ]),
      section([
        { path: '/trainer-portal', element: <TrainerDashboardRoute /> },
        { path: '/trainer-portal/dashboard', element: <TrainerDashboardRoute /> },
        { path: '/trainer-portal/profile', element: <TrainerProfileRoute /> },
        { path: '/trainer-portal/calendar', element: <TrainerCalendarRoute /> },
      ]),
      section([
        { path: '/find-trainer', element: <FindTrainerPage variant="site" /> },
        { path: '/public/find-trainer', element: <FindTrainerPage variant="public" /> },
        { path: '/trainer/:id', element: <TrainerProfilePage variant="site" /> },
        { path: '/public/trainer/:id', element: <TrainerProfilePage variant="public" /> },
        { path: '/classes', element: <PublicClassesPage variant="site" /> },
        { path: '/public/classes', element: <PublicClassesPage variant="public" /> },
        { path: '/public/class/:id', element: <ClassDetailsPage /> },
        { path: '/public-calendar', element: <PublicCalendarPage /> },
        { path: '/public', element: <VisitorLandingPage /> },
      ]),
      {
        path: '/admin',
        element: <RequireAdmin />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'trainers', element: <TrainerListPage /> },
          { path: 'trainers/:id', element: <TrainerDetailPage /> },
          soon('documents', 'Documents', toAdmin),
          { path: 'calendar', element: <AdminCalendarPage /> },
          { path: 'inventory', element: <InventoryPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'payment-events', element: <PaymentEventsPage /> },
        ],
      },
      { path: '/trainers', element: <Navigate to="/admin/trainers" replace /> },
      section([
        { path: '/onboarding/checkout', element: <CheckoutPage /> },
        { path: '/onboarding/payment-confirmation', element: <PaymentConfirmationPage /> },
        { path: '/onboarding/confirmation', element: <ConfirmationPage /> },
        soon('/onboarding/documents', 'Sign Your Documents'),
        { path: '/onboarding/welcome', element: <WelcomePage /> },
        { path: '/test', element: <TestModePage /> },
        { path: '/test-checkout/:id', element: <TestCheckoutPage /> },
      ]),
      section([
        { path: '/legal/terms', element: <TermsAndConditionsPage /> },
        { path: '/terms', element: <TermsOfServicePage variant="portal" /> },
        { path: '/terms-of-service', element: <TermsOfServicePage variant="public" /> },
        { path: '/terms-of-service-public', element: <TermsOfServicePage variant="public" /> },
        { path: '/privacy', element: <PrivacyPolicyPage variant="public" /> },
        { path: '/privacy-policy-public', element: <PrivacyPolicyPage variant="public" /> },
        { path: '/support', element: <SupportPage variant="portal" /> },
        { path: '/support-public', element: <SupportPage variant="public" /> },
      ]),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
