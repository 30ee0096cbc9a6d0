import { Button, Container, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PublicHeader } from '@/components/public-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { directoryPaths } from '../paths';
import { LandingHero } from './landing-hero';
import { HowItWorks, PopularLocations } from './landing-sections';
import { PublicFooter } from './public-footer';
import { WhatWeOffer } from './what-we-offer';

/** /public: the visitors' landing page. */
export function VisitorLandingPage() {
  const paths = directoryPaths('public');
  useDocumentTitle('Find Your Self Defense Trainer | Soul Punch');
  return (
    <>
      <PublicHeader variant="public" />
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <LandingHero
            actions={
              <>
                <Button component={Link} to={paths.directory} size="md">
                  Find a Trainer Near You
                </Button>
                <Button component={Link} to={paths.classes} size="md" variant="default">
                  Browse Classes
                </Button>
              </>
            }
          />
          <WhatWeOffer directory={paths.directory} classes={paths.classes} />
          <HowItWorks />
          <PopularLocations />
        </Stack>
      </Container>
      <PublicFooter />
    </>
  );
}
