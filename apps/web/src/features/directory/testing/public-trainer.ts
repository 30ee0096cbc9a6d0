import type { PublicClass, PublicTrainer } from '@soulpunch/shared';

/** A listed trainer with every optional field empty; tests fill in what they look at. */
export function publicTrainer(overrides: Partial<PublicTrainer> = {}): PublicTrainer {
  return {
    id: 10,
    displayName: 'Maria Garcia',
    firstName: 'Maria',
    lastName: 'Garcia',
    city: 'Denver',
    state: 'CO',
    profilePicture: null,
    displayLocation: 'Denver, CO',
    publicBio: 'Soul Punch Certified Trainer',
    certifiedThrough: null,
    experienceDescription: 'Certified Trainer',
    availabilityDescription: 'Contact for availability',
    instagram: null,
    facebook: null,
    tiktok: null,
    youtube: null,
    website: null,
    classTypes: ["Women's Self Defense"],
    specializations: [],
    upcomingClasses: [],
    featuredTrainer: false,
    publicEmail: null,
    publicPhone: null,
    displayContact: null,
    affiliateLink: null,
    status: 'active',
    rating: null,
    latitude: 39.74,
    longitude: -104.99,
    distanceMiles: null,
    ...overrides,
  };
}

export function publicClass(n: number, overrides: Partial<PublicClass> = {}): PublicClass {
  const date = `2030-07-${String(10 + n).padStart(2, '0')}`;
  return {
    id: n,
    title: `Basic Self-Defense ${n}`,
    start: `${date}T19:00:00.000Z`,
    date,
    time: '2:00 PM - 4:00 PM',
    location: 'Denver, CO',
    price: '$75',
    paymentLink: `https://pay.example/class-${n}`,
    ...overrides,
  };
}

export const headquarters = publicTrainer({
  id: 2,
  displayName: 'Jasmine Carter',
  firstName: 'Jasmine',
  lastName: 'Carter',
  city: 'Tulsa',
  state: 'OK',
  displayLocation: 'Tulsa, OK',
  status: 'hq',
  featuredTrainer: true,
  latitude: 36.15,
  longitude: -95.99,
});
