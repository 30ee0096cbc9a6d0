import { useDocumentTitle } from '@/lib/use-document-title';
import { ModulePlaceholder } from './module-placeholder';

export function InventoryPage() {
  useDocumentTitle('Inventory | Soul Punch Admin');
  return (
    <ModulePlaceholder
      title="Inventory Management"
      plannedFeatures={[
        'Equipment and shipping status',
        'Curriculum materials inventory',
        'Replacement requests',
        'Accounting reports',
      ]}
    />
  );
}
