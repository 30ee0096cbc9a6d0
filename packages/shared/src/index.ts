export * from './auth';
export * from './errors';
export * from './onboarding';
export * from './presets';
export * from './profile';
export * from './progress';
export * from './trainers';
