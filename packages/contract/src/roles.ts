// No zod here: the app's first download reads the labels and the admin check (see role-schema.ts).
export const roles = ['super_admin', 'admin', 'manager'] as const;
export type Role = (typeof roles)[number];

/** Roles that may open the settings screens and call their write endpoints (docs/product.md §3.2). */
export const adminRoles: readonly Role[] = ['super_admin', 'admin'];
export const isAdminRole = (role: Role | null | undefined): boolean =>
  role === 'admin' || role === 'super_admin';

export const roleLabels: Record<Role, string> = {
  super_admin: 'Супер-админ',
  admin: 'Админ',
  manager: 'Менеджер',
};
