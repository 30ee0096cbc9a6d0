/**
 * The directory lives twice: inside the site (/find-trainer, /trainer/{id}) and on the visitors' public side
 * (/public/...), whose pages link to the '-public' legal pages and stay under /public.
 */
export type DirectoryVariant = 'site' | 'public';

export interface DirectoryPaths {
  home: string;
  directory: string;
  trainer: (id: number) => string;
  classes: string;
  terms: string;
  privacy: string;
  support: string;
  trainerLogin: string;
}

export function directoryPaths(variant: DirectoryVariant): DirectoryPaths {
  if (variant === 'public') {
    return {
      home: '/public',
      directory: '/public/find-trainer',
      trainer: (id) => `/public/trainer/${id}`,
      classes: '/public/classes',
      terms: '/terms-of-service-public',
      privacy: '/privacy-policy-public',
      support: '/support-public',
      trainerLogin: '/trainer-portal/login',
    };
  }
  return {
    home: '/find-trainer',
    directory: '/find-trainer',
    trainer: (id) => `/trainer/${id}`,
    classes: '/classes',
    terms: '/terms-of-service',
    privacy: '/privacy',
    support: '/support',
    trainerLogin: '/trainer-portal/login',
  };
}

/**
 * A class's own page (capacity, registration, waitlist). One address on both sides of the site; the classes
 * feature may later give a helper for it.
 */
export const classPagePath = (classId: number) => `/public/class/${classId}`;
