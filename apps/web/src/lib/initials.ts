/** Up to two capital initials of a person's name for an avatar ('Анна Админова' → 'АА'), else '?'. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';
