import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  LEAD_FORM_GONE,
  LEAD_FORM_MANAGER_REQUIRED,
  LEAD_FORMS_MAX,
  LEAD_FORMS_TOO_MANY,
  LEAD_ORIGIN_REFUSED,
  LEAD_REFUSED,
  LEAD_THANKS_DEFAULT,
  LEAD_TOO_FAST,
  type LeadForm,
  type LeadManagerRule,
  type PublicLeadForm,
} from '@crm/contract';
import { createClient, createNote, findCategory, findDuplicates, formFieldsById } from '../../clients/index.js';
import type { Db } from '../../db/database.js';
import { lockProject } from '../../db/project-lock.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Actor, MemberActor } from '../../http/actor.js';
import { AppError, forbidden, invalidField, notFound, tooManyRequests } from '../../http/app-error.js';
import { createRateBuckets } from '../../http/rate-buckets.js';
import { findProjectTimezone } from '../../lib/project-days.js';
import { listMembers } from '../../team/index.js';
import { insertTechnicalUser, renameTechnicalUser } from '../../identity/technical-users.js';
import {
  countLeadForms,
  countSubmission,
  deleteLeadForm,
  findLeadForm,
  findLeadFormByKey,
  insertLeadForm,
  listLeadForms,
  updateLeadForm,
  type LeadFormRow,
} from './lead-forms.repository.js';

const FORM_404 = 'Форма не найдена';
const TOKEN_STALE = 'Форма устарела: обновите страницу и отправьте снова';
/** A form shown longer ago than this is stale (a robot replaying an old token). */
const TOKEN_LIFE_MS = 24 * 3_600_000;
/** Submissions one form takes a minute on one instance, whoever sends them. */
const FORM_PER_MINUTE = 300;

/** What the history and the client's timeline call a form. */
export const formActorName = (name: string) => `Форма «${name}»`;

export type LeadFormInput = {
  name: string;
  field_ids: number[];
  category_id: number;
  manager_rule: LeadManagerRule;
  manager_id: number | null;
  thank_you: string;
  origins: string[];
  enabled: boolean;
};

export const toLeadForm = (row: LeadFormRow): LeadForm => ({
  id: row.id,
  name: row.name,
  public_key: row.public_key,
  field_ids: JSON.parse(row.field_ids) as number[],
  category_id: row.category_id,
  manager_rule: row.manager_rule,
  manager_id: row.manager_id,
  thank_you: row.thank_you,
  origins: JSON.parse(row.origins) as string[],
  enabled: row.enabled === 1,
  created_clients: Number(row.submissions),
  created_at: row.created_at,
});

export const listLeadFormViews = async (db: Db, projectId: number) => (await listLeadForms(db, projectId)).map(toLeadForm);

/** The stage is the project's, the manager one of its managers, the fields its form's, every required one asked. */
async function checkInput(db: Db, projectId: number, input: LeadFormInput) {
  if (!(await findCategory(db, projectId, input.category_id))) throw invalidField('category_id', 'Категория не найдена');
  if (input.manager_rule === 'one') {
    const members = await listMembers(db, projectId);
    if (!members.some((m) => m.id === input.manager_id)) {
      throw invalidField('manager_id', LEAD_FORM_MANAGER_REQUIRED);
    }
  }
  const form = await formFieldsById(db, projectId);
  const unknown = input.field_ids.filter((id) => !form.has(id));
  if (unknown.length > 0) throw invalidField('field_ids', 'Поле формы клиента не найдено');
  const missing = [...form.values()].filter((f) => f.required && !input.field_ids.includes(f.id));
  if (missing.length > 0) {
    throw invalidField('field_ids', `Добавьте обязательные поля клиента: ${missing.map((f) => `«${f.name}»`).join(', ')}`);
  }
}

const columns = (input: LeadFormInput) => ({
  name: input.name,
  field_ids: JSON.stringify([...new Set(input.field_ids)]),
  category_id: input.category_id,
  manager_rule: input.manager_rule,
  manager_id: input.manager_rule === 'one' ? input.manager_id : null,
  thank_you: input.thank_you,
  origins: JSON.stringify([...new Set(input.origins)]),
  enabled: input.enabled ? 1 : 0,
});

export function createLeadForm(deps: AppDeps, who: Actor, input: LeadFormInput): Promise<LeadForm> {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    if ((await countLeadForms(tx.db, who.projectId)) >= LEAD_FORMS_MAX) throw new AppError(422, LEAD_FORMS_TOO_MANY);
    await checkInput(tx.db, who.projectId, input);
    const now = tx.now.toISOString();
    const user = await insertTechnicalUser(tx.db, formActorName(input.name), now);
    const { id } = await insertLeadForm(tx.db, {
      project_id: who.projectId,
      user_id: user.id,
      public_key: randomBytes(18).toString('base64url'),
      token_secret: randomBytes(32).toString('base64url'),
      rotation_last: null,
      created_by: who.actorId,
      created_at: now,
      updated_at: now,
      ...columns(input),
    });
    const view = toLeadForm((await findLeadForm(tx.db, who.projectId, id))!);
    await tx.record({
      ...who,
      kind: 'lead_form.created',
      subjectType: 'lead_form',
      subjectId: id,
      message: `Создана форма для сайта «${input.name}»`,
      before: null,
      after: view,
    });
    return view;
  });
}

export function changeLeadForm(deps: AppDeps, who: Actor, id: number, input: LeadFormInput): Promise<LeadForm> {
  return transaction(deps, async (tx) => {
    const row = await findLeadForm(tx.db, who.projectId, id);
    if (!row) throw notFound(FORM_404);
    await checkInput(tx.db, who.projectId, input);
    const now = tx.now.toISOString();
    await updateLeadForm(tx.db, id, { ...columns(input), updated_at: now });
    if (row.name !== input.name) await renameTechnicalUser(tx.db, row.user_id, formActorName(input.name), now);
    const before = toLeadForm(row);
    const after = toLeadForm((await findLeadForm(tx.db, who.projectId, id))!);
    if (JSON.stringify({ ...before, created_clients: 0 }) !== JSON.stringify({ ...after, created_clients: 0 })) {
      await tx.record({
        ...who,
        kind: 'lead_form.updated',
        subjectType: 'lead_form',
        subjectId: id,
        message: `Изменена форма для сайта «${after.name}»`,
        before,
        after,
      });
    }
    return after;
  });
}

export function removeLeadForm(deps: AppDeps, who: Actor, id: number): Promise<void> {
  return transaction(deps, async (tx) => {
    const row = await findLeadForm(tx.db, who.projectId, id);
    if (!row) throw notFound(FORM_404);
    await deleteLeadForm(tx.db, id);
    await tx.record({
      ...who,
      kind: 'lead_form.deleted',
      subjectType: 'lead_form',
      subjectId: id,
      message: `Удалена форма для сайта «${row.name}»`,
      before: toLeadForm(row),
      after: null,
    });
  });
}

// ---- the public side --------------------------------------------------------------------------

/** The form of this key when it takes submissions, else 404 (a deleted or switched-off form). */
export async function openForm(db: Db, key: string) {
  const form = await findLeadFormByKey(db, key);
  if (!form || form.enabled !== 1) throw notFound(LEAD_FORM_GONE);
  return form;
}

/** Whether a browser on this origin may call the form (no origin: a site's server posting itself). */
export const originAllowed = (form: LeadFormRow, origin: string | undefined) =>
  origin === undefined || (JSON.parse(form.origins) as string[]).includes(origin);

const sign = (form: LeadFormRow, shownAt: number) =>
  createHmac('sha256', form.token_secret).update(`${form.public_key}.${shownAt}`).digest('base64url');

/** The form as the page shows it, with a signed token of the moment it was shown. */
export async function showForm(deps: AppDeps, key: string, origin: string | undefined): Promise<PublicLeadForm> {
  const form = await openForm(deps.db, key);
  if (!originAllowed(form, origin)) throw forbidden(LEAD_ORIGIN_REFUSED);
  const fields = await formFieldsById(deps.db, form.project_id);
  const shownAt = deps.clock.now().getTime();
  return {
    name: form.name,
    fields: (JSON.parse(form.field_ids) as number[]).flatMap((id) => {
      const field = fields.get(id);
      if (!field) return [];
      return [
        {
          id,
          name: field.name,
          type: field.type,
          required: field.required,
          options: [...field.options].map(([optionId, name]) => ({ id: Number(optionId), name })),
        },
      ];
    }),
    thank_you: form.thank_you || LEAD_THANKS_DEFAULT,
    token: `${shownAt}.${sign(form, shownAt)}`,
    min_fill_ms: deps.config.leadForms.minFillMs,
  };
}

/** The paces of submissions on this instance: per client address, and per form. */
export function createSubmissionPaces(perAddressPerMinute: number) {
  const byAddress = createRateBuckets(perAddressPerMinute);
  const byForm = createRateBuckets(FORM_PER_MINUTE);
  return (form: LeadFormRow, address: string, nowMs: number) => {
    const wait = Math.max(byAddress.take(address, nowMs), byForm.take(form.id, nowMs));
    if (wait > 0) throw tooManyRequests(wait, `Слишком много заявок. Повторите через ${wait} с`);
  };
}

type Submission = { name: string; last_name: string; fields: { field_id: number; value: string }[]; token: string; website: string };

/**
 * A submission from the site: refused with nothing stored when the honeypot is filled, the token
 * is not this form's, or the form was sent sooner than a person could fill it. Else a new client
 * in the form's stage with the manager its rule picks, or, when it duplicates a client (a shared
 * phone or link; the same name when it gives no contact), a note on that client.
 */
export async function submitLead(deps: AppDeps, form: LeadFormRow, input: Submission): Promise<{ thank_you: string }> {
  if (input.website.trim() !== '') throw new AppError(400, LEAD_REFUSED);
  const [shownText, signature] = input.token.split('.');
  const shownAt = Number(shownText);
  const expected = Number.isFinite(shownAt) ? Buffer.from(sign(form, shownAt)) : null;
  const given = Buffer.from(signature ?? '');
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError(400, LEAD_REFUSED);
  }
  const now = deps.clock.now().getTime();
  if (now - shownAt < deps.config.leadForms.minFillMs) throw new AppError(422, LEAD_TOO_FAST);
  if (now - shownAt > TOKEN_LIFE_MS) throw new AppError(400, TOKEN_STALE);

  const asked = new Set(JSON.parse(form.field_ids) as number[]);
  const fields = input.fields.filter((f) => asked.has(f.field_id) && f.value.trim() !== '');
  const timezone = await findProjectTimezone(deps.db, form.project_id);
  const caller: MemberActor = {
    projectId: form.project_id,
    actorId: form.user_id,
    impersonatorId: null,
    actorName: formActorName(form.name),
    role: 'admin',
    timezone,
    apiKey: true,
  };
  const thanks = { thank_you: form.thank_you || LEAD_THANKS_DEFAULT };

  const known = await formFieldsById(deps.db, form.project_id);
  const hasContacts = fields.some((f) => {
    const type = known.get(f.field_id)?.type;
    return type === 'phone_number' || type === 'social_network';
  });
  const duplicates = await findDuplicates(deps.db, caller, { clientId: null, name: input.name, last_name: input.last_name, fields });
  const same = duplicates.find((d) =>
    hasContacts ? d.matches.some((m) => m !== 'name') : d.matches.includes('name'),
  );
  if (same?.client) {
    const values = fields.map((f) => `${known.get(f.field_id)?.name ?? 'Поле'}: ${known.get(f.field_id)?.options.get(f.value) ?? f.value}`);
    await createNote(
      deps,
      caller,
      same.client.id,
      [`Новая заявка с формы «${form.name}»: ${input.name} ${input.last_name}`, ...values].join('\n'),
    );
    await countSubmission(deps.db, form.id, null);
    return thanks;
  }

  const managerId = await managerFor(deps.db, form);
  await createClient(deps, caller, {
    name: input.name,
    last_name: input.last_name,
    amount: 0,
    traffic: false,
    category_id: form.category_id,
    manager_id: managerId,
    fields,
  });
  await countSubmission(deps.db, form.id, form.manager_rule === 'rotation' ? managerId : null);
  return thanks;
}

/** The form's manager, or the next manager after the last one given a client (by id, round). */
async function managerFor(db: Db, form: LeadFormRow): Promise<number> {
  if (form.manager_rule === 'one' && form.manager_id !== null) return form.manager_id;
  const managers = (await listMembers(db, form.project_id, 'manager')).map((m) => m.id).sort((a, b) => a - b);
  if (managers.length === 0) {
    const admins = (await listMembers(db, form.project_id)).map((m) => m.id).sort((a, b) => a - b);
    return admins[0]!;
  }
  return managers.find((id) => form.rotation_last === null || id > form.rotation_last) ?? managers[0]!;
}
