import { US_STATE_NAMES } from '@soulpunch/shared';

/** 'OK' as 'Oklahoma'; anything else (a name already, a foreign region) as it is. */
export function stateName(code: string): string {
  return US_STATE_NAMES[code.trim().toUpperCase()] ?? code;
}
