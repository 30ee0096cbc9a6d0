import { ModulePlaceholder } from './module-placeholder';

export function AdminCalendarPage() {
  return (
    <ModulePlaceholder
      title="Calendar"
      plannedFeatures={[
        'Onboarding sessions',
        'Certification renewal dates',
        'Consultation availability',
        'Group events',
      ]}
    />
  );
}

export function InventoryPage() {
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
