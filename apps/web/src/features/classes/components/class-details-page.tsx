import { useParams } from 'react-router';
import { Island } from '@/islands/island';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useClass } from '../api/get-class';
import { ClassDetailsContent } from './class-details-content';
import { PublicFrame } from './public-frame';

/** /public/class/{id}: one class, with registration, payment and the e-mailed cancel link's landing. */
export function ClassDetailsPage() {
  const { id } = useParams();
  // Here, not in the island: a page sent as islands has its title from the server (seo/service.ts).
  const classId =
    /^\d{1,10}$/.test(id ?? '') && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : null;
  const title = useClass(classId).data?.title;
  useDocumentTitle(title ? `${title} | Soul Punch Classes` : null);
  return (
    <PublicFrame variant="public" back={{ to: '/public/classes', label: 'Back to Classes' }} withLegalLinks>
      <Island name="class-details" component={ClassDetailsContent} props={{ id: id ?? '' }} />
    </PublicFrame>
  );
}
