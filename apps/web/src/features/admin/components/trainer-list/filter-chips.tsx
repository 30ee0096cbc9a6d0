import { Badge, Button, CloseButton, Group } from '@mantine/core';
import type { TrainerListFilters } from '../../api/trainer-list-filters';
import { labelOf, onboardingStatusLabels, paymentStatusLabels } from '../../utils/labels';

type FilterKey = Exclude<keyof TrainerListFilters, 'q'>;

const filterNames: Record<FilterKey, string> = {
  paymentStatus: 'Payment',
  onboardingStatus: 'Onboarding',
  band: 'Progress',
};

function valueLabel(key: FilterKey, value: string): string {
  if (key === 'paymentStatus') return labelOf(paymentStatusLabels, value);
  if (key === 'onboardingStatus') return labelOf(onboardingStatusLabels, value);
  return value;
}

interface FilterChipsProps {
  filters: TrainerListFilters;
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}

/** The filters a dashboard link applied, each removable, plus one action to drop them all. */
export function FilterChips({ filters, onRemove, onClear }: FilterChipsProps) {
  const active = (Object.keys(filterNames) as FilterKey[]).flatMap((key) => {
    const value = filters[key];
    return value ? [{ key, text: `${filterNames[key]}: ${valueLabel(key, value)}` }] : [];
  });
  if (active.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Active filters" role="group">
      {active.map(({ key, text }) => (
        <Badge
          key={key}
          variant="light"
          color="blue"
          c="blue.9"
          size="lg"
          tt="none"
          rightSection={
            <CloseButton size="xs" aria-label={`Remove filter ${text}`} onClick={() => onRemove(key)} />
          }
        >
          {text}
        </Badge>
      ))}
      <Button variant="subtle" size="xs" onClick={onClear}>
        Clear filters
      </Button>
    </Group>
  );
}
