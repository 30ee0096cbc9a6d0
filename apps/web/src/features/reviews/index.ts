// The reviews feature's public surface: the router composes its pages, the portal its card.
export { AdminReviewsPage } from './components/admin-reviews-page';
export { ReviewPage } from './components/review-page';
export { TrainerReviewsCard } from './components/trainer-reviews-card';
