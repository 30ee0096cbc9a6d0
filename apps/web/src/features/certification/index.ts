// The certification record (decision record 0014): the trainer's card and insurance on the portal, the admin panel.
export { CertificationPanel } from './components/certification-panel';
export { CertificationStatusCard } from './components/certification-status-card';
export { InsuranceCard } from './components/insurance-card';
export { RenewalRequirementsCard } from './components/renewal-requirements-card';
