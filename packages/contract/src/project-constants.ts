// No zod here: the signed-in shell reads the default zone, and a module's schemas travel with it.

export const DEFAULT_TIMEZONE = 'Europe/Moscow';
