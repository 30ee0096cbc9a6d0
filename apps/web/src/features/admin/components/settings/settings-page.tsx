import { ModulePlaceholder } from '../module-placeholder';
import { AddTrainerCard } from './add-trainer-card';
import { AdministratorsCard } from './administrators-card';

/** Spec 2.5's Settings placeholder, with trainer and administrator management above its plans. */
export function SettingsPage() {
  return (
    <ModulePlaceholder
      title="Settings"
      plannedFeatures={[
        'User accounts and permissions',
        'Notification preferences',
        'External integrations',
        'Branding',
      ]}
    >
      <AddTrainerCard />
      <AdministratorsCard />
    </ModulePlaceholder>
  );
}
