/** A LIKE/ILIKE pattern matching `text` anywhere, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
