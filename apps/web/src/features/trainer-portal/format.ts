/** Up to two initials of a name, for avatars without a picture; '?' for a blank name. */
export function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return initials || '?';
}

/** Today's date ('YYYY-MM-DD') on the viewer's own calendar. */
export function todayOnThisDevice(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'city, state', either one alone, or null when neither is set. */
export function locationOf(city: string | null | undefined, state: string | null | undefined): string | null {
  const parts = [city, state].map((p) => p?.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** The affiliate id carried in an affiliate link (?aff=, ?ref= or ?affiliate=), if there is one. */
export function affiliateIdOf(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const params = new URL(link).searchParams;
    return params.get('aff') ?? params.get('ref') ?? params.get('affiliate') ?? null;
  } catch {
    return null;
  }
}
