import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The charts (Recharts) load only when the Insights tab opens: not with the dashboard, never on a public page.
const InsightsCharts = lazy(() => import('./insights-charts'));

export function InsightsSection() {
  return (
    <Suspense fallback={<Loader aria-label="Loading insights" />}>
      <InsightsCharts />
    </Suspense>
  );
}
