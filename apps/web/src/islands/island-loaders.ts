import type { ComponentType } from 'react';
import type { IslandName } from './island-names';

// biome-ignore lint/suspicious/noExplicitAny: each island's props come from its element, as the server wrote them
type AnyIsland = ComponentType<any>;

/** Each island's code, loaded only on the pages that have it. */
export const islandLoaders: Record<IslandName, () => Promise<AnyIsland>> = {
  'contact-us': () => import('@/components/contact-us-button').then((m) => m.ContactUsButton),
  'browse-trainers': () =>
    import('@/features/directory/components/browse-trainers-button').then((m) => m.BrowseTrainersButton),
  directory: () =>
    import('@/features/directory/components/directory-section').then((m) => m.DirectorySection),
  'contact-trainer': () =>
    import('@/features/directory/components/contact-trainer-button').then((m) => m.ContactTrainerButton),
  'classes-list': () =>
    import('@/features/classes/components/public-classes-content').then((m) => m.PublicClassesContent),
  'class-calendar': () =>
    import('@/features/classes/components/public-calendar-content').then((m) => m.PublicCalendarContent),
  'class-details': () =>
    import('@/features/classes/components/class-details-content').then((m) => m.ClassDetailsContent),
};
