import { Island } from '@/islands/island';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CLASSES_TITLE, PublicClassesContent } from './public-classes-content';
import { type ClassesVariant, PublicFrame } from './public-frame';

export { CLASSES_PAGE_SIZE } from './public-classes-content';

/** Spec 2 'Public classes': the frame, and the classes with their filters as the page's island (decision 0013). */
export function PublicClassesPage({ variant }: { variant: ClassesVariant }) {
  useDocumentTitle(`${CLASSES_TITLE} | Soul Punch`);
  return (
    <PublicFrame
      variant={variant}
      back={{ to: '/public', label: 'Back to Home' }}
      withLegalLinks={variant === 'public'}
    >
      <Island name="classes-list" component={PublicClassesContent} props={{}} />
    </PublicFrame>
  );
}
