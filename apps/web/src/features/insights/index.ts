// Insights and accounting (decision record 0017): the dashboard's charts (loaded with their tab) and the report.
export { AccountingPanel } from './components/accounting-panel';
export { InsightsSection } from './components/insights-section';
