import { z } from 'zod';
import { emailSchema } from './accounts.js';
import { idSchema, isoDateTime } from './common.js';
import { roleSchema } from './role-schema.js';

/** Who may be invited: an admin or a manager (docs/product.md §4.4); the super admin is the creator. */
export const invitationRoles = ['admin', 'manager'] as const;
export const invitationRoleSchema = z.enum(invitationRoles, { error: 'Выберите роль: админ или менеджер' });
export type InvitationRole = z.infer<typeof invitationRoleSchema>;

/** Pending invitations last this long (docs/product.md §4.4). */
export const INVITATION_TTL_DAYS = 7;

export const invitationCreateBody = z.object({
  email: emailSchema,
  role: invitationRoleSchema,
});
export type InvitationCreateBody = z.input<typeof invitationCreateBody>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: invitationRoleSchema,
  created_at: isoDateTime,
  expires_at: isoDateTime,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationIdParams = z.object({ projectId: idSchema, id: idSchema });

/** The secret from the email link `/registration?invitation=<token>`. */
export const invitationTokenParams = z.object({ token: z.string().min(20).max(200) });

/** GET /invitations/{token}: what the registration page shows about a usable invitation. */
export const invitationPreviewSchema = z.object({
  project_name: z.string(),
  email: z.string(),
  role: invitationRoleSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /invitations/{token}/accept: the project the user has joined, and his role there. */
export const invitationAcceptedSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  role: invitationRoleSchema,
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** A member (docs/product.md §4.3): id and name (role added so a client can pick managers out of the list). */
export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const membersQuery = z.object({ role: roleSchema.optional() });

export const memberStatusRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /team: the managers page (admins only). */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: memberStatusRefSchema.nullable(),
  joined_at: isoDateTime,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const projectUserParams = z.object({ projectId: idSchema, userId: idSchema });
export const memberAccessParams = z.object({ projectId: idSchema, memberId: idSchema });

export const memberStatusBody = z.object({
  status_id: z.number({ error: 'Выберите статус' }).int().positive(),
});
export type MemberStatusBody = z.input<typeof memberStatusBody>;

/** GET /member-access-token/{memberId} (docs/product.md §3.5). */
export const memberAccessTokenSchema = z.object({ access_token: z.string() });
export type MemberAccessToken = z.infer<typeof memberAccessTokenSchema>;

/** How long a switch into a manager's account lasts (docs/product.md §4.4). */
export const MEMBER_ACCESS_TTL_HOURS = 2;
