export * from './api-answers';
export * from './assistant';
export * from './auth';
// Kept apart from the schemas and the colour maths: every page's first download reads the brand.
export * from './brand';
export * from './calendar';
// Kept apart from the schemas too: the public verify page reads a certificate's standing.
export * from './certificate-check';
export * from './certification';
export * from './class-time';
export * from './classes';
export * from './contact';
export * from './directory';
export * from './documents';
export * from './errors';
export * from './icalendar';
// Kept apart from the schemas, so pages that only show pictures do not load zod.
export * from './image-url';
export * from './insights';
export * from './inventory';
export * from './legal';
// Kept apart from the schemas too: the directory's first download decodes the map's feed.
export * from './map-feed';
export * from './onboarding';
export * from './payments';
// Kept apart from the schemas: numbers and days written without Intl, for any page's first render.
export * from './plain-format';
export * from './presets';
export * from './profile';
export * from './profile-completion';
export * from './progress';
export * from './resources';
export * from './reviews';
export * from './settings';
export * from './trainers';
export * from './us-states';
