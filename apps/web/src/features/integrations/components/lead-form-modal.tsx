import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  LEAD_FORM_THANKS_MAX,
  LEAD_THANKS_DEFAULT,
  leadFormBody,
  type LeadForm,
  type LeadManagerRule,
} from '@crm/contract';
import { applyServerErrors } from '@/lib/form-errors';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { Select } from '@/ui/select';
import { TextareaField } from '@/ui/textarea-field';
import { useClientCategories, useClientForm } from '@/features/clients';
import { ManagerRuleFields } from '@/features/team';
import { useCreateLeadForm, useUpdateLeadForm, type LeadFormPayload } from '@/features/integrations/api/lead-forms';
import styles from './integrations.module.css';

export const LEAD_FORM_CREATED = 'Форма создана';
export const LEAD_FORM_SAVED = 'Форма сохранена';
const NAME_LIMIT = leadFormBody.shape.name.maxLength ?? undefined;

type LeadFormModalProps = {
  projectId: number;
  form?: LeadForm;
  /** After a creation: the new form (its snippet is shown next). */
  onCreated?: (form: LeadForm) => void;
  onDone: () => void;
};

const toNumber = (value: string | number | null) => (value === '' || value === null ? null : Number(value));
const toLines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The sites are typed one per line; the contract checks them as a list. */
const resolver: Resolver<FormValues> = (values, context, options) =>
  zodResolver(leadFormBody)({ ...values, origins: toLines(values.origins) } as never, context, options as never) as never;

type FormValues = {
  name: string;
  /** Set by the checkboxes (kept outside the form); here for its server error. */
  field_ids?: number[];
  category_id: number | null;
  manager_rule: LeadManagerRule;
  manager_id: number | null;
  thank_you: string;
  origins: string;
  enabled: boolean;
};

/** 'Новая форма' / 'Форма для сайта': its fields, stage, manager rule, thank-you text and sites. */
export const LeadFormModal = ({ projectId, form, onCreated, onDone }: LeadFormModalProps) => {
  const createMutation = useCreateLeadForm(projectId);
  const updateMutation = useUpdateLeadForm(projectId);
  const { categories } = useClientCategories(projectId);
  const clientForm = useClientForm(projectId);
  const fields = (clientForm.data ?? []).flatMap((group) => group.fields);
  const [fieldIds, setFieldIds] = useState<number[]>(form?.field_ids ?? []);
  const required = fields.filter((f) => f.required).map((f) => f.id);
  const asked = [...new Set([...required, ...fieldIds])];
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, LeadFormPayload>({
    resolver: resolver as never,
    defaultValues: {
      name: form?.name ?? '',
      category_id: form?.category_id ?? categories[0]?.id ?? 0,
      manager_rule: form?.manager_rule ?? 'rotation',
      manager_id: form?.manager_id ?? null,
      thank_you: form?.thank_you ?? '',
      origins: (form?.origins ?? []).join('\n'),
      enabled: form?.enabled ?? true,
    },
  });
  const rule = watch('manager_rule');
  const thanks = watch('thank_you') ?? '';

  const onSubmit = handleSubmit(async (values) => {
    const body = { ...values, field_ids: asked };
    try {
      if (form) {
        await updateMutation.mutateAsync({ formId: form.id, body });
        toast.success(LEAD_FORM_SAVED);
        onDone();
      } else {
        const created = await createMutation.mutateAsync(body);
        toast.success(LEAD_FORM_CREATED);
        onCreated?.(created);
      }
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'field_ids', 'category_id', 'manager_rule', 'manager_id', 'thank_you', 'origins', 'enabled']);
    }
  });
  const originsError = errors.origins?.message ?? (errors.origins as unknown as { message?: string }[] | undefined)?.find?.((e) => e?.message)?.message;

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input label="Название" required limit={NAME_LIMIT} data-autofocus placeholder="Например, Заявка с главной" error={errors.name?.message} {...register('name')} />
      <fieldset className={styles.events}>
        <legend className={styles.legend}>Поля формы</legend>
        <span className={`${formStyles.note} ${styles.wide}`}>
          Имя и фамилия спрашиваются всегда; обязательные поля клиента — тоже.
        </span>
        {fields.map((field) => (
          <label key={field.id} className={formStyles.check}>
            <input
              type="checkbox"
              checked={asked.includes(field.id)}
              disabled={field.required}
              onChange={(event) =>
                setFieldIds((ids) => (event.target.checked ? [...ids, field.id] : ids.filter((id) => id !== field.id)))
              }
            />
            {field.name}
            {field.required ? ' (обязательное)' : ''}
          </label>
        ))}
        {errors.field_ids?.message && (
          <span className={formStyles.error} role="alert">
            {errors.field_ids.message}
          </span>
        )}
      </fieldset>
      <Select label="Категория новых клиентов" required error={errors.category_id?.message} {...register('category_id', { setValueAs: toNumber })}>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </Select>
      <ManagerRuleFields
        projectId={projectId}
        rule={rule}
        ruleField={register('manager_rule')}
        managerField={register('manager_id', { setValueAs: toNumber })}
        errors={{ manager_rule: errors.manager_rule?.message, manager_id: errors.manager_id?.message }}
      />
      <TextareaField
        label="Текст после отправки"
        placeholder={LEAD_THANKS_DEFAULT}
        limit={LEAD_FORM_THANKS_MAX}
        value={thanks}
        error={errors.thank_you?.message}
        {...register('thank_you')}
      />
      <TextareaField
        label="Сайты, где стоит форма"
        required
        rows={2}
        placeholder="https://example.com"
        hint="Адрес сайта с https://, по одному в строке: заявки с других сайтов не принимаются."
        error={originsError}
        {...register('origins')}
      />
      {form && (
        <label className={formStyles.check}>
          <input type="checkbox" {...register('enabled')} />
          Принимает заявки
        </label>
      )}
      <ModalFormActions
        onCancel={onDone}
        submitText={form ? 'Сохранить' : 'Создать'}
        disabled={watch('name').trim() === '' || categories.length === 0}
        loading={createMutation.isPending || updateMutation.isPending}
      />
    </form>
  );
};
