// The brand as pages and e-mails show it. No zod and no colour maths here: the public pages' first download reads
// the brand (the header's name and logo) and must not load either.
import { SUPPORT_EMAIL } from './legal/constants';

/** What every page and e-mail shows of the brand. */
export interface Brand {
  name: string;
  /** #rrggbb: buttons, links and the e-mail header. Its contrast against white is at least MIN_CONTRAST. */
  primaryColor: string;
  supportEmail: string;
  postalAddress: string | null;
  /** Where the uploaded logo is served (changes with each upload), or null for the built-in mark. */
  logoUrl: string | null;
}

/** The brand before an administrator changes it: the values the code and configuration shipped with. */
export const DEFAULT_BRAND: Brand = {
  name: 'Soul Punch',
  // Mantine's blue, shade 8: the theme's primary colour (apps/web/src/app/theme.ts) and the built-in mark's.
  primaryColor: '#1971c2',
  supportEmail: SUPPORT_EMAIL,
  postalAddress: null,
  logoUrl: null,
};
