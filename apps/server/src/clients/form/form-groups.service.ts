import { FORM_GROUP_PROJECT_MISMATCH, FORM_GROUPS_MAX, type FormGroup } from '@crm/contract';
import { lockProject } from '../../db/project-lock.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { invalidField, notFound } from '../../http/app-error.js';
import { fieldSummary, getForm, groupAsInput, writeForm, type GroupInput } from './form.service.js';

const GROUP_404 = 'Группа не найдена';

/** Only the group at `at` is the request's: its keys have no prefix, and its fields stay its own. */
const oneGroup = (at: number) => ({
  pathOf: (gi: number) => (gi === at ? '' : null),
  fieldsStayInGroup: true,
});

/** The saved group the request wrote, from the form read after the write. */
async function groupAfter(db: AppDeps['db'], projectId: number, id: number | undefined): Promise<FormGroup> {
  const group = (await getForm(db, projectId)).find((g) => g.id === id);
  if (!group) throw new Error(`form group ${String(id)} missing after its write`);
  return group;
}

/**
 * POST /form-groups: a new group with its fields at `order` (0 first; left out or past the end:
 * last); the groups after it move down one. Saved by the whole-form writer, the others unchanged.
 */
export function createFormGroup(
  deps: AppDeps,
  who: Actor,
  input: Omit<GroupInput, 'id'> & { project_id: number; order?: number },
) {
  if (input.project_id !== who.projectId) throw invalidField('project_id', FORM_GROUP_PROJECT_MISMATCH);
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = await getForm(tx.db, who.projectId);
    if (before.length >= FORM_GROUPS_MAX)
      throw invalidField('title', `В форме не может быть больше ${FORM_GROUPS_MAX} групп`);
    const at = Math.min(input.order ?? before.length, before.length);
    const groups = before.map(groupAsInput);
    groups.splice(at, 0, { title: input.title, fields: input.fields });
    const ids = await writeForm(tx, who, { groups }, before, oneGroup(at));
    const group = await groupAfter(tx.db, who.projectId, ids[at]);
    await tx.record({
      ...who,
      kind: 'client_form.group_created',
      subjectType: 'client_form_group',
      subjectId: group.id,
      message: `Добавлена группа формы клиента ${fieldSummary([group])}`,
      before: null,
      after: group,
    });
    return group;
  });
}

/**
 * PUT /form-groups/{id}: the group's title and fields replaced, as PUT /form saves a group
 * (fields with an id of this group updated, without one created, left out deleted); its place
 * stays. An unchanged group writes no history entry.
 */
export function updateFormGroup(deps: AppDeps, who: Actor, id: number, input: Omit<GroupInput, 'id'>) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = await getForm(tx.db, who.projectId);
    const at = before.findIndex((g) => g.id === id);
    const was = before[at];
    if (!was) throw notFound(GROUP_404);
    const groups = before.map(groupAsInput);
    groups[at] = { id, title: input.title, fields: input.fields };
    await writeForm(tx, who, { groups }, before, oneGroup(at));
    const group = await groupAfter(tx.db, who.projectId, id);
    if (JSON.stringify(group) === JSON.stringify(was)) return group;
    const renamed = was.title === group.title ? '' : `«${was.title}» → `;
    await tx.record({
      ...who,
      kind: 'client_form.group_updated',
      subjectType: 'client_form_group',
      subjectId: id,
      message: `Изменена группа формы клиента ${renamed}${fieldSummary([group])}`,
      before: was,
      after: group,
    });
    return group;
  });
}
