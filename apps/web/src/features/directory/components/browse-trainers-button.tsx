import { Button } from '@mantine/core';

/** The landing's 'Browse Trainers': down to the directory on the same page. */
export function BrowseTrainersButton() {
  return (
    <Button
      size="md"
      onClick={() =>
        document.getElementById('directory')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      }
    >
      Browse Trainers
    </Button>
  );
}
