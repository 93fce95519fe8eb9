/** The address a phone's link dials. */
export const phoneHref = (digits: string): string => `tel:+${digits}`;
