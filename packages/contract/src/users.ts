import { z } from 'zod';
import { userSchema } from './accounts.js';
import { projectDataSchema } from './projects.js';

/** GET /projects/{id}/user and /projects/{id}/users/{userId}: the user and what he is in the project. */
export const projectUserSchema = z.object({
  user: userSchema,
  project_data: projectDataSchema,
});
export type ProjectUser = z.infer<typeof projectUserSchema>;
