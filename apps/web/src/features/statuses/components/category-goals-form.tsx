import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { setGoalsBody, type StatusGoal } from '@crm/contract';
import { paths } from '@/lib/paths';
import type { ClientCategoryRef } from '@/features/clients';
import { digitsOnly } from '@/lib/numbers';
import { Button } from '@/ui/button';
import { ButtonLink } from '@/ui/button-link';
import { EmptyState } from '@/ui/empty-state';
import { Input } from '@/ui/input';
import { useSetStatusGoals } from '@/features/statuses/api/set-status-goals';
import { GOAL_SAVED } from './deposit-goal-form';
import styles from './statuses.module.css';

type CategoryGoalsFormProps = {
  projectId: number;
  statusId: number;
  categories: ClientCategoryRef[];
  goals: StatusGoal[];
};

/** Keyed 'c{categoryId}': a bare number would read as an array index to react-hook-form. */
type GoalValues = { goals: Record<string, string> };
const keyOf = (categoryId: number) => `c${categoryId}`;

/**
 * How many clients a manager of this status should bring into each client category
 * (POST …/set-goals). Until the project has categories, the empty state leads to creating them.
 */
export const CategoryGoalsForm = ({ projectId, statusId, categories, goals }: CategoryGoalsFormProps) => {
  const goalsMutation = useSetStatusGoals(projectId);
  const byCategory = new Map(goals.map((g) => [g.client_category_id, g.goal]));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, dirtyFields },
  } = useForm<GoalValues>({
    defaultValues: {
      goals: Object.fromEntries(categories.map((c) => [keyOf(c.id), String(byCategory.get(c.id) ?? '')])),
    },
  });

  if (categories.length === 0) {
    return (
      <EmptyState
        plain
        icon="tag"
        text="Категории клиентов ещё не созданы"
        action={
          <ButtonLink to={paths.clientCategorySetting} variant="secondary">
            Создать категории клиентов
          </ButtonLink>
        }
      />
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    // Only the goals that changed are sent (the server keeps the others); an emptied one is 0.
    const changed = categories.filter((c) => dirtyFields.goals?.[keyOf(c.id)]);
    const body = {
      goals: changed.map((c) => ({ client_category_id: c.id, goal: Number(values.goals[keyOf(c.id)] || 0) })),
    };
    const parsed = setGoalsBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const index = issue.path[1];
        const category = typeof index === 'number' ? changed[index] : undefined;
        if (category) setError(`goals.${keyOf(category.id)}`, { type: 'validate', message: issue.message });
      }
      return;
    }
    try {
      await goalsMutation.mutateAsync({ statusId, body: parsed.data });
    } catch {
      return;
    }
    toast.success(GOAL_SAVED);
  });

  return (
    <form className={styles.goalsForm} onSubmit={onSubmit} noValidate>
      <div className={styles.goals}>
        {categories.map((category) => {
          const field = register(`goals.${keyOf(category.id)}`);
          return (
            <div key={category.id} className={styles.goalRow}>
              <span className={styles.category}>
                <span
                  className={styles.dot}
                  style={{ background: `#${category.color}` }}
                  aria-hidden="true"
                />
                {category.name}
              </span>
              <Input
                label={`Цель: ${category.name}`}
                className={styles.goalInput}
                inputMode="numeric"
                autoComplete="off"
                digitsMaxLength={7}
                placeholder="0"
                error={errors.goals?.[keyOf(category.id)]?.message}
                {...field}
                onChange={(event) => {
                  event.target.value = digitsOnly(event.target.value);
                  return field.onChange(event);
                }}
              />
            </div>
          );
        })}
      </div>
      <div className={styles.formActions}>
        <Button type="submit" disabled={!isDirty} loading={goalsMutation.isPending}>
          Сохранить цели
        </Button>
      </div>
    </form>
  );
};
