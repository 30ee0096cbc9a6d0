import { Island } from '@/islands/island';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CALENDAR_TITLE, PublicCalendarContent } from './public-calendar-content';
import { PublicFrame } from './public-frame';

export { MOBILE_QUERY, rangeEnd } from './public-calendar-content';

/** Spec 2 'Public calendar': the frame, and the calendar as the page's island (decision record 0013). */
export function PublicCalendarPage() {
  useDocumentTitle(`${CALENDAR_TITLE} | Soul Punch`);
  return (
    <PublicFrame variant="public" back={{ to: '/public', label: 'Back to Home' }}>
      <Island name="class-calendar" component={PublicCalendarContent} props={{}} />
    </PublicFrame>
  );
}
