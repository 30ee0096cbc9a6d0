import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageChromeContext } from '@/components/page-chrome';
import { PageLoader } from '@/components/page-loader';
import { PublicHeader } from '@/components/public-header';
import { sessionQueryOptions } from '@/features/auth';
import { PageReady } from '../page-ready';
import { type Chrome, chromeDependsOnViewer, chromeFor, isFooterHidden } from '../shell-rules';
import { SiteFooter } from './site-footer';

// Visitors never see these frames: they load only for a signed-in viewer's pages.
const AdminShell = lazy(() => import('./admin-shell').then((m) => ({ default: m.AdminShell })));
const PortalFrameHeader = lazy(() =>
  import('./portal-frame-header').then((m) => ({ default: m.PortalFrameHeader })),
);

function fromPortal(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { fromPortal?: unknown }).fromPortal === true
  );
}

/** A page with an optional header above its main landmark and the footer below. */
function PageFrame({
  header,
  footer,
  children,
}: {
  header?: ReactNode;
  footer: boolean;
  children: ReactNode;
}) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollRestoration />
      {header}
      <Box component="main" style={{ flex: 1, minWidth: 0 }}>
        {children}
      </Box>
      {footer && <SiteFooter />}
    </Box>
  );
}

/**
 * Every page's frame by the spec's shell rules and by who is looking: the admin shell for administrators, the
 * portal header for trainers, the public header for visitors, or a bare page where the page brings its own.
 */
export function RootLayout() {
  const location = useLocation();
  const { pathname } = location;
  const dependsOnViewer = chromeDependsOnViewer(pathname);
  // Pages whose frame is the same for everyone do not wait for (or even ask for) the session.
  const session = useQuery({ ...sessionQueryOptions(), enabled: dependsOnViewer });
  const footer = !isFooterHidden(pathname);

  if (dependsOnViewer && session.isPending) {
    return (
      <PageFrame footer={false}>
        <PageLoader />
      </PageFrame>
    );
  }
  const chrome: Chrome = dependsOnViewer
    ? chromeFor(pathname, session.data?.user ?? null, { fromPortal: fromPortal(location.state) })
    : 'none';

  return (
    <PageChromeContext value={chrome}>
      <Suspense fallback={<PageLoader />}>
        {framed(chrome, footer)}
        <PageReady />
      </Suspense>
    </PageChromeContext>
  );
}

function framed(chrome: Chrome, footer: boolean) {
  switch (chrome) {
    case 'admin':
      return (
        <AdminShell footer={footer ? <SiteFooter besideNavbar /> : null}>
          <ScrollRestoration />
          <Outlet />
        </AdminShell>
      );
    case 'portal':
      return (
        <PageFrame header={<PortalFrameHeader />} footer={footer}>
          <Outlet />
        </PageFrame>
      );
    case 'public':
      return (
        <PageFrame header={<PublicHeader variant="site" />} footer={footer}>
          <Outlet />
        </PageFrame>
      );
    case 'none':
      return (
        <PageFrame footer={footer}>
          <Outlet />
        </PageFrame>
      );
  }
}
