import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { AdminCalendarPage, InventoryPage, SettingsPage } from '@/features/admin';
import { ConfirmPage, LoginPage } from '@/features/auth';
import { MailboxPage } from '@/features/dev-mailbox';
import { PrivacyPolicyPage, SupportPage, TermsAndConditionsPage, TermsOfServicePage } from '@/features/legal';
import { TestModePage } from '@/features/onboarding';
import { RequireAdmin } from './guards/require-admin';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { TrainerDashboardRoute } from './routes/trainer-dashboard-route';

const home = { to: '/', label: 'Back to Home' };
const toDashboard = { to: '/trainer-portal/dashboard', label: 'Back to Dashboard' };
const toAdmin = { to: '/admin', label: 'Back to Dashboard' };
const toDirectory = { to: '/find-trainer', label: 'Back to Trainer Directory' };

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
        soon('/trainer-portal/profile', 'Trainer Profile', toDashboard),
        soon('/trainer-portal/calendar', 'Class Calendar', toDashboard),
      ]),
      section([
        soon('/find-trainer', 'Find Your Self Defense Trainer'),
        soon('/public/find-trainer', 'Find a Certified Trainer'),
        soon('/trainer/:id', 'Trainer Profile', toDirectory),
        soon('/public/trainer/:id', 'Trainer Profile', toDirectory),
        soon('/classes', 'Upcoming Classes & Workshops'),
        soon('/public/classes', 'Upcoming Classes & Workshops'),
        soon('/public/class/:id', 'Class Details', { to: '/public/classes', label: 'Back to Classes' }),
        soon('/public-calendar', 'Find Self-Defense Classes'),
        soon('/public', 'Soul Punch Self-Defense', toDirectory),
      ]),
      {
        path: '/admin',
        element: <RequireAdmin />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <ComingSoon title="Trainer Onboarding Dashboard" /> },
          soon('trainers', 'Admin Portal', toAdmin),
          soon('trainers/:id', 'Trainer Details', { to: '/admin/trainers', label: 'Back to Trainers' }),
          soon('documents', 'Documents', toAdmin),
          { path: 'calendar', element: <AdminCalendarPage /> },
          { path: 'inventory', element: <InventoryPage /> },
          { path: 'settings', element: <SettingsPage /> },
        ],
      },
      { path: '/trainers', element: <Navigate to="/admin/trainers" replace /> },
      section([
        soon('/onboarding/checkout', 'Checkout'),
        soon('/onboarding/payment-confirmation', 'Complete Your Payment'),
        soon('/onboarding/confirmation', 'Payment Completed'),
        soon('/onboarding/documents', 'Sign Your Documents'),
        soon('/onboarding/welcome', 'Welcome to Soul Punch'),
        { path: '/test', element: <TestModePage /> },
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
