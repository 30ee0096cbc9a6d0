import { Button, Container } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { type PageChrome, usePageChrome } from '@/components/page-chrome';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Home is the side of the site the person is on: no dead end into the trainer login for a visitor. */
const homeFor: Record<PageChrome, string> = {
  admin: '/admin',
  portal: '/trainer-portal/dashboard',
  public: '/public',
  none: '/',
};

export function NotFoundPage() {
  useDocumentTitle('Page Not Found | Soul Punch');
  const chrome = usePageChrome();
  return (
    <Container size="sm" py="xl">
      <ErrorView
        title="Page Not Found"
        message="The page you are looking for does not exist or has moved."
        actions={
          <Button component={Link} to={homeFor[chrome]}>
            Back to Home
          </Button>
        }
      />
    </Container>
  );
}
