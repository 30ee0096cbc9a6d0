export * from './constants';
export * from './privacy-policy';
export * from './terms-and-conditions';
export * from './terms-of-service';
export * from './types';
