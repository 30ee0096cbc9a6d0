import { Button, Container } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorView } from '@/components/error-view';

export function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <ErrorView
        title="Page Not Found"
        message="The page you are looking for does not exist or has moved."
        actions={
          <Button component={Link} to="/">
            Back to Home
          </Button>
        }
      />
    </Container>
  );
}
