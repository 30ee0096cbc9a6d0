import { Center, Loader } from '@mantine/core';

/**
 * A spinner. `fill`: it stands in for a whole page, so it holds the screen's height: the footer stays below the fold
 * instead of showing under the spinner and being pushed away by the page (a layout shift: Lighthouse measured
 * 0.1 on the trainer dashboard and 0.43 on the calendar).
 */
export function PageLoader({ label = 'Loading', fill = false }: { label?: string; fill?: boolean }) {
  return (
    <Center py="xl" mih={fill ? '100vh' : undefined}>
      <Loader aria-label={label} />
    </Center>
  );
}
