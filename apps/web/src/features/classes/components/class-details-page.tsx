import { useParams } from 'react-router';
import { Island } from '@/islands/island';
import { ClassDetailsContent } from './class-details-content';
import { PublicFrame } from './public-frame';

/** /public/class/{id}: one class, with registration, payment and the e-mailed cancel link's landing. */
export function ClassDetailsPage() {
  const { id } = useParams();
  return (
    <PublicFrame variant="public" back={{ to: '/public/classes', label: 'Back to Classes' }} withLegalLinks>
      <Island name="class-details" component={ClassDetailsContent} props={{ id: id ?? '' }} />
    </PublicFrame>
  );
}
