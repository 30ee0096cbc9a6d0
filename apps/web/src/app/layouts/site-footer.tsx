import { PageFooter } from '@/components/page-footer';

const footerLinks = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/support', label: 'Support' },
] as const;

export function SiteFooter({ besideNavbar = false }: { besideNavbar?: boolean }) {
  return <PageFooter links={footerLinks} besideNavbar={besideNavbar} />;
}
