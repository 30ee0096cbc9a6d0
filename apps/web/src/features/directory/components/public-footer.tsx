import { PageFooter } from '@/components/page-footer';
import { directoryPaths } from '../paths';

/**
 * The footer of the /public pages, where the site's own footer is hidden (shell rules): the '-public' legal
 * pages and the trainers' log-in.
 */
export function PublicFooter() {
  const paths = directoryPaths('public');
  const links = [
    { to: paths.terms, label: 'Terms of Service' },
    { to: paths.privacy, label: 'Privacy Policy' },
    { to: paths.support, label: 'Support' },
    { to: paths.trainerLogin, label: 'Trainer Login' },
  ];
  return <PageFooter links={links} mt="xl" />;
}
