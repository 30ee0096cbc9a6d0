import { Button, Container, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PublicHeader } from '@/components/public-header';
import { Island } from '@/islands/island';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type DirectoryVariant, directoryPaths } from '../paths';
import { BrowseTrainersButton } from './browse-trainers-button';
import { DirectorySection } from './directory-section';
import { LandingHero } from './landing-hero';
import { HowItWorks, PopularLocations } from './landing-sections';
import { PublicFooter } from './public-footer';

export { DIRECTORY_TITLE } from './directory-section';

/**
 * /find-trainer (the landing content above the directory, on one page) and /public/find-trainer (the
 * directory alone, for visitors arriving from the public landing page or a popular-location link).
 */
export function FindTrainerPage({ variant }: { variant: DirectoryVariant }) {
  const paths = directoryPaths(variant);
  const withLanding = variant === 'site';
  useDocumentTitle('Find a Certified Self-Defense Trainer | Soul Punch');

  return (
    <div>
      <PublicHeader variant={variant} />
      <Container size="xl" py="xl">
        <Stack gap={48}>
          {withLanding && (
            <>
              <LandingHero
                actions={
                  <>
                    <Island name="browse-trainers" component={BrowseTrainersButton} props={{}} />
                    <Button component={Link} to={paths.classes} size="md" variant="default">
                      View Classes
                    </Button>
                  </>
                }
              />
              <HowItWorks />
              <PopularLocations />
            </>
          )}
          <Island name="directory" component={DirectorySection} props={{ variant }} />
        </Stack>
      </Container>
      {variant === 'public' && <PublicFooter />}
    </div>
  );
}
