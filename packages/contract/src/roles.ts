import { z } from 'zod';

export const roles = ['super_admin', 'admin', 'manager'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Roles that may open the settings screens and call their write endpoints (docs/product.md §3.2). */
export const adminRoles: readonly Role[] = ['super_admin', 'admin'];
export const isAdminRole = (role: Role | null | undefined): boolean =>
  role === 'admin' || role === 'super_admin';

export const roleLabels: Record<Role, string> = {
  super_admin: 'Супер-админ',
  admin: 'Админ',
  manager: 'Менеджер',
};
