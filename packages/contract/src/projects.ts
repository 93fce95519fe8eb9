import { z } from 'zod';
import { isoDateTime, requiredText } from './common.js';
import { PHONE_COUNTRIES } from './project-constants.js';
import { roleSchema } from './role-schema.js';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const timezoneSchema = z.string().min(1).refine(isTimeZone, 'Неизвестный часовой пояс');

/** A number written without its country code is read as one of this country (ISO 3166 alpha-2). */
export const phoneCountrySchema = z.enum(PHONE_COUNTRIES, { error: 'Выберите страну из списка' });

export const projectCreateBody = z.object({
  name: requiredText(100),
  timezone: timezoneSchema.optional(),
});
export type ProjectCreateBody = z.input<typeof projectCreateBody>;

/** The settings screen's form: every setting. */
export const projectSettingsForm = z.object({
  name: requiredText(100),
  timezone: timezoneSchema,
  phone_country: phoneCountrySchema,
});

/** Any subset of the settings (docs/product.md §4.2): what is left out stays as it is. */
export const projectUpdateBody = projectSettingsForm.partial();
export type ProjectUpdateBody = z.input<typeof projectUpdateBody>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  phone_country: phoneCountrySchema,
  created_at: isoDateTime,
});
export type Project = z.infer<typeof projectSchema>;

/** A project in the selector: what the current user is there (docs/product.md §4.2). */
export const userProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
});
export type UserProject = z.infer<typeof userProjectSchema>;

export const projectDataSchema = z.object({
  project_id: z.number().int(),
  role: roleSchema,
  status_id: z.number().int().nullable(),
});
export type ProjectData = z.infer<typeof projectDataSchema>;
