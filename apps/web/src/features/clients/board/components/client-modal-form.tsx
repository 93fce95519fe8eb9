import { useClosingMove } from '@/features/clients/categories/components/closing-dialog';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  CHOOSE_CATEGORY,
  parseAmount,
  REQUIRED,
  type Client,
  type ClientCategory,
  type ClientDuplicate,
  type FormGroup,
  type Member,
} from '@crm/contract';
import { firstFieldErrors, isApiError } from '@/lib/api-error';
import { useProjectPhoneCountry } from '@/lib/project-phone-country';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { Button } from '@/ui/button';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { ModalFormActions } from '@/ui/modal';
import { Select } from '@/ui/select';
import { checkDuplicates } from '@/features/clients/board/api/check-duplicates';
import { useCreateClient } from '@/features/clients/board/api/create-client';
import { useUpdateClient } from '@/features/clients/board/api/update-client';
import {
  fieldKey,
  fieldValueErrors,
  formFieldsInOrder,
  fromFieldValues,
  toFieldValues,
} from './client-field-values';
import { useConfirmDeleteClient } from './client-delete';
import { ClientFormFields } from './client-form-fields';
import { ClientInfo } from './client-info';
import { DuplicatesWarning } from './duplicates-warning';
import styles from './client-modal.module.css';

export const CLIENT_CREATED = 'Клиент добавлен!';
export const CLIENT_UPDATED = 'Успешно обновлен!';

/** The basic fields (docs/product.md §4.8) and the custom ones keyed field_<id>. */
export type ClientFormValues = {
  name: string;
  last_name: string;
  /** Digits only, '' for none (sent as 0). */
  amount: string;
  traffic: boolean;
  category_id: string;
  manager_id: string;
  [key: `field_${number}`]: string;
};

const BASIC_FIELDS = ['name', 'last_name', 'amount', 'traffic', 'category_id', 'manager_id'] as const;
/** 'Сумма клиента': the API's reading of the typed text, its words when it is not a whole number. */
const amountRule = (typed: string) => {
  const read = parseAmount(typed);
  return 'error' in read ? read.error : true;
};
const amountOf = (typed: string) => {
  const read = parseAmount(typed);
  return 'value' in read ? read.value : 0;
};

type ClientModalFormProps = {
  projectId: number;
  client?: Client;
  categoryId?: number;
  groups: FormGroup[];
  categories: Pick<ClientCategory, 'id' | 'name' | 'outcome'>[];
  /** The admin's choice of owner; null for a manager (his clients are his). */
  members: Member[] | null;
  onDone: () => void;
};

/**
 * The create / edit client form: Имя, Фамилия, 'Сумма клиента' (digits only), 'Траффик', the
 * category, for admins the manager, then the project's client form. A refusal keeps everything
 * typed and puts each server message under its field.
 */
export const ClientModalForm = ({
  projectId,
  client,
  categoryId,
  groups,
  categories,
  members,
  onDone,
}: ClientModalFormProps) => {
  const { user } = useSession();
  const phoneCountry = useProjectPhoneCountry();
  const create = useCreateClient(projectId);
  const update = useUpdateClient(projectId);
  const confirmDelete = useConfirmDeleteClient();
  const modals = useSessionModals();
  const closingMove = useClosingMove(projectId);
  // The clients these values duplicate, shown once; saving the same values again is the choice
  // to save anyway ('Всё равно создать'), new values are checked again.
  const [duplicates, setDuplicates] = useState<{ probe: string; found: ClientDuplicate[] } | null>(null);
  const form = useForm<ClientFormValues>({
    defaultValues: {
      name: client?.name ?? '',
      last_name: client?.last_name ?? '',
      amount: client && client.amount > 0 ? String(client.amount) : '',
      traffic: client?.traffic ?? false,
      category_id: String(client?.category_id ?? categoryId ?? categories[0]?.id ?? ''),
      manager_id: String(client?.manager_id ?? user?.id ?? ''),
      ...toFieldValues(client?.fields ?? []),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  // An owner no longer in the list stays offered, so saving never passes the client on unasked.
  const owners =
    members && client && !members.some((m) => m.id === client.manager_id)
      ? [...members, client.manager]
      : (members ?? []);

  // The form mounts once its data has loaded, after the modal gave the focus away: take it.
  useEffect(() => form.setFocus('name'), [form]);

  // The first refused field takes the focus once the form is enabled again after sending.
  const focusAfterSubmit = useRef<FieldPath<ClientFormValues> | null>(null);
  useEffect(() => {
    if (isSubmitting || !focusAfterSubmit.current) return;
    form.setFocus(focusAfterSubmit.current);
    focusAfterSubmit.current = null;
  }, [isSubmitting, form]);

  const showServerErrors = (error: unknown, sent: ReturnType<typeof fromFieldValues>) => {
    if (!isApiError(error) || error.status !== 422) return;
    const basic = firstFieldErrors(error.errors).filter(([key]) =>
      (BASIC_FIELDS as readonly string[]).includes(key),
    );
    const custom = fieldValueErrors(error.errors, sent);
    // In the order of the form, so the first refused field gets the focus.
    const order = [...BASIC_FIELDS, ...formFieldsInOrder(groups).map((f) => fieldKey(f.id))] as string[];
    const all = [...basic, ...custom].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    for (const [key, message] of all)
      setError(key as FieldPath<ClientFormValues>, { type: 'server', message });
    focusAfterSubmit.current = (all[0]?.[0] as FieldPath<ClientFormValues> | undefined) ?? null;
  };

  const onSubmit = handleSubmit(async (values) => {
    const fields = fromFieldValues(values, groups);
    const body = {
      name: values.name,
      last_name: values.last_name,
      amount: amountOf(values.amount),
      traffic: values.traffic,
      category_id: Number(values.category_id),
      ...(members && values.manager_id !== '' ? { manager_id: Number(values.manager_id) } : {}),
      fields,
    };
    const probe = JSON.stringify({ name: body.name, last_name: body.last_name, fields });
    if (duplicates?.probe !== probe) {
      const found = await checkDuplicates(projectId, {
        client_id: client?.id,
        name: body.name,
        last_name: body.last_name,
        fields,
      }).catch(() => []); // The check only advises: without it, the save goes on.
      if (found.length > 0) {
        setDuplicates({ probe, found });
        return;
      }
    }
    // Into 'Успех' or 'Отказ' the reason or final amount is asked first (docs/product.md §4.6).
    const target = categories.find((c) => c.id === body.category_id);
    if (client && target && target.outcome !== null && target.id !== client.category_id) {
      closingMove(client, target, async (closing) => {
        await update.mutateAsync({ clientId: client.id, body: { ...body, ...closing } });
        toast.success(CLIENT_UPDATED);
        onDone();
      });
      return;
    }
    try {
      if (client) await update.mutateAsync({ clientId: client.id, body });
      else await create.mutateAsync(body);
    } catch (error) {
      showServerErrors(error, fields);
      return;
    }
    toast.success(client ? CLIENT_UPDATED : CLIENT_CREATED);
    onDone();
  });

  const onDelete = async () => {
    if (client && (await confirmDelete(client))) onDone();
  };

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={client ? 'Данные клиента' : 'Новый клиент'}
    >
      <div className={styles.basic}>
        <Input
          label="Имя"
          required
          autoComplete="off"
          error={errors.name?.message}
          {...register('name', { validate: (v) => v.trim() !== '' || REQUIRED })}
        />
        <Input
          label="Фамилия"
          required
          autoComplete="off"
          error={errors.last_name?.message}
          {...register('last_name', { validate: (v) => v.trim() !== '' || REQUIRED })}
        />
        <Input
          label="Сумма клиента"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          error={errors.amount?.message}
          // Kept as typed: what is not a whole number is refused with the API's words, never
          // rewritten into other digits (parseAmount).
          {...register('amount', { validate: amountRule })}
        />
        <Select
          label="Категория"
          required
          placeholder={CHOOSE_CATEGORY}
          error={errors.category_id?.message}
          {...register('category_id', { required: CHOOSE_CATEGORY })}
        >
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </Select>
        {members && (
          <Select label="Менеджер" error={errors.manager_id?.message} {...register('manager_id')}>
            {owners.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </Select>
        )}
        <div className={styles.checkField}>
          <label className={formStyles.check}>
            <input type="checkbox" {...register('traffic')} />
            Траффик
          </label>
          {errors.traffic?.message && (
            <span className={formStyles.error} role="alert">
              {errors.traffic.message}
            </span>
          )}
        </div>
      </div>
      <ClientFormFields groups={groups} form={form} phoneCountry={phoneCountry} disabled={isSubmitting} />
      {duplicates && (
        <DuplicatesWarning
          duplicates={duplicates.found}
          onOpen={(id) =>
            modals.open(() => <ClientInfo clientId={id} />, { kind: 'side', title: 'Подробнее о клиенте' })
          }
        />
      )}
      <div className={styles.foot}>
        {client && (
          <Button variant="danger" onClick={() => void onDelete()} disabled={isSubmitting}>
            Удалить
          </Button>
        )}
        <ModalFormActions
          onCancel={onDone}
          submitText={
            duplicates
              ? client
                ? 'Всё равно сохранить'
                : 'Всё равно создать'
              : client
                ? 'Сохранить'
                : 'Добавить'
          }
          loading={isSubmitting}
        />
      </div>
    </form>
  );
};
