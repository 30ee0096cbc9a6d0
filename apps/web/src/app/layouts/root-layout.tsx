import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isAdminChromeHidden, isFooterHidden } from '../shell-rules';
import { AdminShell } from './admin-shell';
import { SiteFooter } from './site-footer';

/** Every page's frame: the admin shell or a bare page, and the footer, by the spec's shell rules. */
export function RootLayout() {
  const { pathname } = useLocation();
  const chromeHidden = isAdminChromeHidden(pathname);
  const footerHidden = isFooterHidden(pathname);

  if (!chromeHidden) {
    return (
      <AdminShell footer={footerHidden ? null : <SiteFooter besideNavbar />}>
        <ScrollRestoration />
        <Outlet />
      </AdminShell>
    );
  }
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollRestoration />
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      {!footerHidden && <SiteFooter />}
    </Box>
  );
}
