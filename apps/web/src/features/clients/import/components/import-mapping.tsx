import { useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  CHOOSE_CATEGORY,
  IMPORT_DUPLICATE_MODES,
  IMPORT_SAMPLE_ROWS,
  IMPORT_TARGET_LABELS,
  type ClientImport,
  type ClientImportUpdateBody,
  type FormGroup,
  type ImportDuplicateMode,
} from '@crm/contract';
import { errorToastMessage } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { Card, CardHead, CardTitle } from '@/ui/card';
import { LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { Select } from '@/ui/select';
import { Loading, Skeleton } from '@/ui/skeleton';
import { useMembers } from '@/features/team';
import { clientCategoriesQueryOptions } from '@/features/clients/categories/api/client-categories-query';
import { GET_FORM_FAILED, useClientForm } from '@/features/clients/form/api/get-form';
import { CHECK_FAILED, useCheckImport } from '../api/check-import';
import { UPDATE_FAILED, useUpdateImport } from '../api/update-import';
import { ImportUnknownOptions } from './import-unknown-options';
import {
  listOf,
  missingRequired,
  repeatedTargets,
  targetLabel,
  targetOf,
  targetValue,
} from './import-status';
import styles from './import.module.css';

/** The duplicates' choices, each with what it does to a client the row duplicates. */
export const DUPLICATE_MODES: Record<ImportDuplicateMode, { name: string; text: string }> = {
  skip: { name: 'Пропустить', text: 'Клиент остаётся как есть, строка не импортируется.' },
  fill: {
    name: 'Дополнить пустые значения',
    text: 'Пустые значения клиента заполняются из строки, заполненные не меняются.',
  },
  overwrite: { name: 'Перезаписать', text: 'Значения клиента заменяются непустыми значениями строки.' },
  create: { name: 'Всё равно создать', text: 'Создаётся ещё один клиент, даже если такой уже есть.' },
};

type MappingValues = {
  sheet: string;
  mapping: { target: string }[];
  default_category_id: string;
  default_manager_id: string;
  duplicates: ImportDuplicateMode;
  start_scenarios: boolean;
};

const valuesOf = (item: ClientImport): MappingValues => ({
  sheet: item.sheet ?? item.sheets[0] ?? '',
  mapping: item.columns.map((column) => ({ target: targetValue(column.mapping) })),
  default_category_id: item.default_category_id === null ? '' : String(item.default_category_id),
  default_manager_id: item.default_manager_id === null ? '' : String(item.default_manager_id),
  duplicates: item.duplicates,
  start_scenarios: item.start_scenarios,
});

/** The values shown under a column: the first non-empty ones; [null] when all are empty. */
const samples = (values: readonly string[]): (string | null)[] => {
  const filled = values.slice(0, IMPORT_SAMPLE_ROWS).filter((value) => value.trim() !== '');
  return filled.length > 0 ? filled : [null];
};

/** A column's name as the screen says it: its header, or its place when the header is empty. */
const columnTitle = (title: string, index: number) => title.trim() || `Столбец ${index + 1}`;

/**
 * The rules only the form knows: without a category column the clients need a default one; one
 * target takes one column (a client has one name).
 */
const mappingSchema = (titles: readonly string[], groups: readonly FormGroup[]) =>
  z
    .object({
      sheet: z.string(),
      mapping: z.array(z.object({ target: z.string() })),
      default_category_id: z.string(),
      default_manager_id: z.string(),
      duplicates: z.enum(IMPORT_DUPLICATE_MODES),
      start_scenarios: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const targets = values.mapping.map((m) => m.target);
      if (!targets.includes('category') && values.default_category_id === '') {
        ctx.addIssue({ code: 'custom', path: ['default_category_id'], message: CHOOSE_CATEGORY });
      }
      for (const [position, value] of repeatedTargets(targets)) {
        const first = targets.indexOf(value);
        ctx.addIssue({
          code: 'custom',
          path: ['mapping', position, 'target'],
          message: `«${targetLabel(value, groups)}» уже выбрано для столбца «${titles[first]}»`,
        });
      }
    });

type ImportMappingProps = {
  projectId: number;
  item: ClientImport;
  /** Offered when a check has figures: back to them. */
  onBack?: () => void;
  /** The check started. */
  onCheck: () => void;
};

const MappingSkeleton = () => (
  <Loading label="Загрузка сопоставления" className={styles.skeletonCard}>
    <Card>
      <div className={styles.skeletonRows}>
        <Skeleton width="40%" height={18} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </div>
    </Card>
  </Loading>
);

/**
 * The mapping (status 'uploaded', or a checked import opened for a change): each column of the
 * file to a client's value or a form field, and the import's choices. Each change is saved at
 * once; 'Проверить' starts the dry run.
 */
export const ImportMapping = ({ projectId, item, onBack, onCheck }: ImportMappingProps) => {
  const form = useClientForm(projectId);
  const categories = useQuery(clientCategoriesQueryOptions(projectId));
  const members = useMembers(projectId);
  const failed = [form, categories, members].find((q) => q.isError);
  if (failed) {
    const text = failed === form ? GET_FORM_FAILED : 'Не удалось загрузить категории и участников проекта.';
    return <LoadError text={text} onRetry={() => void failed.refetch()} />;
  }
  if (!form.data || !categories.data || !members.data) return <MappingSkeleton />;
  return (
    <MappingForm
      projectId={projectId}
      item={item}
      groups={form.data}
      categories={categories.data}
      members={members.data}
      onBack={onBack}
      onCheck={onCheck}
    />
  );
};

type MappingFormProps = ImportMappingProps & {
  groups: FormGroup[];
  categories: { id: number; name: string }[];
  members: { id: number; name: string }[];
};

const MappingForm = ({ projectId, item, groups, categories, members, onBack, onCheck }: MappingFormProps) => {
  const { user } = useSession();
  const update = useUpdateImport(projectId, item.id);
  const check = useCheckImport(projectId, item.id);
  const titles = useMemo(() => item.columns.map((c, i) => columnTitle(c.title, i)), [item.columns]);
  const schema = useMemo(() => mappingSchema(titles, groups), [titles, groups]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<MappingValues>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: valuesOf(item),
  });
  const [reading, setReading] = useState(false);
  // Saves go one after another, so the last answer is the last change's.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const save = (
    body: ClientImportUpdateBody,
    field: Path<MappingValues>,
    renamed: Record<string, Path<MappingValues>> = {},
  ) => {
    const run = async () => {
      try {
        return await update.mutateAsync(body);
      } catch (error) {
        if (!applyServerErrors(error, setError, [field], renamed)) {
          toast.error(errorToastMessage(error, UPDATE_FAILED));
        }
        return null;
      }
    };
    const next = saving.current.then(run);
    saving.current = next;
    return next;
  };

  const targets = watch('mapping').map((m) => m.target);
  const missing = missingRequired(targets, groups);
  const hasCategoryColumn = targets.includes('category');
  const others = members.filter((m) => m.id !== user?.id);

  const columnFields = item.columns.map((_, i) => `mapping.${i}.target` as const);
  /**
   * A column's new target: every column is checked again (one target takes one column), and the
   * whole mapping is saved once no two columns share a target, so what was held back while they
   * did is saved with it.
   */
  const saveMapping = (position: number) => {
    void trigger(columnFields);
    const values = getValues('mapping').map((m) => m.target);
    if (repeatedTargets(values).size > 0) return;
    const field = columnFields[position]!;
    void save(
      { mapping: item.columns.map((column, i) => ({ index: column.index, mapping: targetOf(values[i]!) })) },
      field,
      Object.fromEntries([
        ['mapping', field],
        ...columnFields.map((_, i) => [`mapping.${i}.mapping`, field]),
      ]),
    );
  };
  const startCheck = handleSubmit(async () => {
    await saving.current;
    try {
      await check.mutateAsync();
      onCheck();
    } catch (error) {
      const renamed = Object.fromEntries(
        item.columns.map((_, i) => [`mapping.${i}.mapping`, columnFields[i]!]),
      );
      const shown = applyServerErrors(
        error,
        setError,
        ['default_category_id', 'default_manager_id', 'duplicates', 'sheet', ...columnFields],
        renamed,
      );
      if (!shown) toast.error(errorToastMessage(error, CHECK_FAILED));
    }
  });

  return (
    <form className={styles.section} onSubmit={startCheck} noValidate aria-label="Сопоставление">
      <Card aria-labelledby="import-mapping-title">
        <CardHead text="Выберите, чем станет каждый столбец файла; столбцы «Не импортировать» пропускаются.">
          <CardTitle id="import-mapping-title" count={item.columns.length}>
            Столбцы
          </CardTitle>
        </CardHead>
        <div className={styles.section}>
          {item.format === 'xlsx' && item.sheets.length > 1 && (
            <Select
              label="Лист"
              hint="Столбцы читаются с выбранного листа; сопоставление подбирается заново."
              error={errors.sheet?.message}
              {...register('sheet', {
                onChange: async (event: { target: { value: string } }) => {
                  if (event.target.value === item.sheet) return;
                  // The columns are read anew: nothing is chosen for the old ones meanwhile.
                  setReading(true);
                  const answer = await save({ sheet: event.target.value }, 'sheet');
                  if (answer) reset(valuesOf(answer));
                  setReading(false);
                },
              })}
            >
              {item.sheets.map((sheet) => (
                <option key={sheet} value={sheet}>
                  {sheet}
                </option>
              ))}
            </Select>
          )}
          <fieldset
            className={styles.tableScroll}
            tabIndex={0}
            aria-label="Таблица «Столбцы файла»"
            aria-busy={reading || undefined}
            disabled={reading}
          >
            <table className={`${styles.table} ${styles.mappingTable}`}>
              <caption className="visually-hidden">Столбцы файла и что из них импортируется</caption>
              <thead>
                <tr>
                  <th scope="col">Столбец файла</th>
                  <th scope="col">Первые строки</th>
                  <th scope="col">Куда</th>
                </tr>
              </thead>
              <tbody>
                {item.columns.map((column, position) => {
                  const title = titles[position]!;
                  const unused = targets[position] === '';
                  return (
                    <tr key={column.index} data-testid="import-column">
                      <th scope="row" className={unused ? styles.columnUnused : undefined}>
                        {title}
                      </th>
                      <td>
                        <ul className={styles.samples} aria-label={`Первые строки столбца «${title}»`}>
                          {samples(column.samples).map((sample, i) =>
                            sample === null ? (
                              <li key={i} className={styles.empty}>
                                пусто
                              </li>
                            ) : (
                              <li key={i} title={sample}>
                                {sample}
                              </li>
                            ),
                          )}
                        </ul>
                      </td>
                      <td>
                        <Select
                          label={`Куда импортировать столбец «${title}»`}
                          hideLabel
                          error={errors.mapping?.[position]?.target?.message}
                          {...register(`mapping.${position}.target`, {
                            onChange: () => saveMapping(position),
                          })}
                        >
                          <option value="">Не импортировать</option>
                          <optgroup label="Клиент">
                            {Object.entries(IMPORT_TARGET_LABELS).map(([target, label]) => (
                              <option key={target} value={target}>
                                {label}
                              </option>
                            ))}
                          </optgroup>
                          {groups
                            .filter((group) => group.fields.length > 0)
                            .map((group) => (
                              <optgroup key={group.id} label={`Форма: ${group.title}`}>
                                {group.fields.map((field) => (
                                  <option key={field.id} value={`field:${field.id}`}>
                                    {field.name}
                                  </option>
                                ))}
                              </optgroup>
                            ))}
                        </Select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
          {errors.mapping?.message && (
            <p className={formStyles.error} role="alert">
              {errors.mapping.message}
            </p>
          )}
          {missing.length > 0 && (
            <p className={formStyles.warning} data-testid="import-missing-required">
              Ни один столбец не выбран для {missing.length > 1 ? 'обязательных полей' : 'обязательного поля'}{' '}
              {listOf(missing.map((name) => `«${name}»`))}: без {missing.length > 1 ? 'них' : 'него'} каждая
              строка будет ошибкой.
            </p>
          )}
        </div>
      </Card>

      <Card aria-labelledby="import-options-title">
        <CardHead>
          <CardTitle id="import-options-title">Настройки импорта</CardTitle>
        </CardHead>
        <div className={styles.section}>
          <div className={styles.options}>
            <Select
              label="Категория для клиентов без неё"
              required={!hasCategoryColumn}
              placeholder="Выберите категорию"
              hint={
                hasCategoryColumn
                  ? 'Для строк, где категория не заполнена.'
                  : 'Ни один столбец не выбран для категории: все клиенты попадут в эту.'
              }
              error={errors.default_category_id?.message}
              {...register('default_category_id', {
                onChange: (event: { target: { value: string } }) =>
                  void save(
                    { default_category_id: event.target.value === '' ? null : Number(event.target.value) },
                    'default_category_id',
                  ),
              })}
            >
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
            <Select
              label="Менеджер по умолчанию"
              hint="Для строк без менеджера, или когда столбец менеджера не выбран."
              error={errors.default_manager_id?.message}
              {...register('default_manager_id', {
                onChange: (event: { target: { value: string } }) =>
                  void save(
                    { default_manager_id: event.target.value === '' ? null : Number(event.target.value) },
                    'default_manager_id',
                  ),
              })}
            >
              <option value="">{user ? `${user.name} (вы)` : 'Вы'}</option>
              {others.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </Select>
          </div>

          <fieldset className={styles.choices}>
            <legend className={styles.choicesLegend}>Дубли</legend>
            <p className={styles.small}>
              Дубль — строка с тем же телефоном или ссылкой на соцсеть, что у клиента проекта или у строки
              выше в файле.
            </p>
            {IMPORT_DUPLICATE_MODES.map((mode) => (
              <label key={mode} className={styles.choice}>
                <input
                  type="radio"
                  value={mode}
                  {...register('duplicates', {
                    // One registration serves every radio of the group: the value says which.
                    onChange: (event: { target: { value: string } }) =>
                      void save({ duplicates: event.target.value as ImportDuplicateMode }, 'duplicates'),
                  })}
                />
                <span className={styles.choiceName}>{DUPLICATE_MODES[mode].name}</span>
                <span className={styles.choiceText}>{DUPLICATE_MODES[mode].text}</span>
              </label>
            ))}
            {errors.duplicates?.message && (
              <p className={formStyles.error} role="alert">
                {errors.duplicates.message}
              </p>
            )}
          </fieldset>

          <label className={styles.choice}>
            <input
              type="checkbox"
              {...register('start_scenarios', {
                onChange: (event: { target: { checked: boolean } }) =>
                  void save({ start_scenarios: event.target.checked }, 'start_scenarios'),
              })}
            />
            <span className={styles.choiceName}>Запустить авто-напоминания для новых клиентов</span>
            <span className={styles.choiceText}>
              Как при создании клиента вручную: сценарии создадут напоминания каждому новому клиенту, и
              большой импорт создаст их столько же.
            </span>
          </label>
        </div>
      </Card>

      {item.unknown_options.length > 0 && <ImportUnknownOptions projectId={projectId} item={item} />}

      <div className={styles.actions}>
        <Button type="submit" loading={check.isPending}>
          Проверить
        </Button>
        {onBack && (
          <Button variant="ghost" onClick={onBack}>
            Вернуться к результатам проверки
          </Button>
        )}
      </div>
    </form>
  );
};
