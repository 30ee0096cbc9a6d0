import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  AdminCalendarPage,
  DashboardPage,
  InventoryPage,
  SettingsPage,
  TrainerDetailPage,
  TrainerListPage,
} from '@/features/admin';
import {
  ArticleEditorPage,
  KnowledgePage,
  NewArticlePage,
  QuestionsPage,
  ResourcesPage,
} from '@/features/assistant';
import { ConfirmPage, LoginPage } from '@/features/auth';
import { ClassDetailsPage, PublicCalendarPage, PublicClassesPage } from '@/features/classes';
import { MailboxPage } from '@/features/dev-mailbox';
import { FindTrainerPage, TrainerProfilePage, VisitorLandingPage } from '@/features/directory';
import {
  AdminDocumentsPage,
  DocumentTemplatesPage,
  OnboardingDocumentsPage,
  SigningPage,
  VerifyPage,
} from '@/features/documents';
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
        { path: '/trainer-portal/documents/:id', element: <SigningPage /> },
        { path: '/verify', element: <VerifyPage /> },
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
          { path: 'documents', element: <AdminDocumentsPage /> },
          { path: 'documents/templates', element: <DocumentTemplatesPage /> },
          { path: 'calendar', element: <AdminCalendarPage /> },
          { path: 'inventory', element: <InventoryPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'payment-events', element: <PaymentEventsPage /> },
          { path: 'knowledge', element: <KnowledgePage /> },
          { path: 'knowledge/new', element: <NewArticlePage /> },
          { path: 'knowledge/:id', element: <ArticleEditorPage /> },
          { path: 'assistant/questions', element: <QuestionsPage /> },
          { path: 'resources', element: <ResourcesPage /> },
        ],
      },
      { path: '/trainers', element: <Navigate to="/admin/trainers" replace /> },
      section([
        { path: '/onboarding/checkout', element: <CheckoutPage /> },
        { path: '/onboarding/payment-confirmation', element: <PaymentConfirmationPage /> },
        { path: '/onboarding/confirmation', element: <ConfirmationPage /> },
        { path: '/onboarding/documents', element: <OnboardingDocumentsPage /> },
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
