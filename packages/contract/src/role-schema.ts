import { z } from 'zod';
import { roles } from './roles.js';

export const roleSchema = z.enum(roles);
