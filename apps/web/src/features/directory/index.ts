// The directory feature's public surface: the app's router composes these pages.

export { publicTrainersKey } from './api/query-defaults';
export { FindTrainerPage } from './components/find-trainer-page';
export { TrainerProfilePage } from './components/trainer-profile-page';
export { VisitorLandingPage } from './components/visitor-landing-page';
