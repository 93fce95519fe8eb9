import { toast } from 'react-toastify';
import type { LeadForm } from '@crm/contract';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { useConfirm } from '@/ui/modal';
import rows from '@/ui/rows.module.css';
import { useDeleteLeadForm } from '@/features/integrations/api/lead-forms';
import styles from './integrations.module.css';

export const LEAD_FORM_DELETED = 'Форма удалена';

type LeadFormListProps = {
  projectId: number;
  forms: LeadForm[];
  stageName: (id: number) => string;
  onEdit: (form: LeadForm) => void;
  onSnippet: (form: LeadForm) => void;
};

/** Each form: its name, on or off, where its clients go, how many came; the code, edit, delete. */
export const LeadFormList = ({ projectId, forms, stageName, onEdit, onSnippet }: LeadFormListProps) => {
  const confirm = useConfirm();
  const remove = useDeleteLeadForm(projectId);
  const askDelete = (form: LeadForm) =>
    void confirm({
      message: `Удалить форму «${form.name}»?`,
      hint: 'Форма на сайте перестанет принимать заявки. Клиенты, которых она добавила, останутся.',
      onAgree: async () => {
        await remove.mutateAsync(form.id);
        toast.success(LEAD_FORM_DELETED);
      },
    });
  return (
    <ul className={rows.list} data-testid="lead-forms-list">
      {forms.map((form) => (
        <li key={form.id} className={styles.row} data-testid="lead-form-row">
          <div className={styles.rowMain}>
            <span className={styles.nameLine}>
              <span className={cx(rows.name, styles.name)}>{form.name}</span>
              {form.enabled ? (
                <span className={cx(styles.badge, styles.badgeSuccess)}>Принимает заявки</span>
              ) : (
                <span className={cx(styles.badge, styles.badgeMuted)}>Выключена</span>
              )}
            </span>
            <span className={cx(rows.muted, styles.details)}>
              <span>В категорию «{stageName(form.category_id)}»</span>
              <span>Заявок: {form.created_clients}</span>
              <span className={styles.name}>{form.origins.join(', ')}</span>
            </span>
          </div>
          <div className={styles.rowActions}>
            <Button variant="ghost" onClick={() => onSnippet(form)}>
              Код для сайта
              <span className="visually-hidden"> формы «{form.name}»</span>
            </Button>
            <IconButton label={`Изменить форму «${form.name}»`} onClick={() => onEdit(form)}>
              <Icon name="edit" size={18} />
            </IconButton>
            <IconButton label={`Удалить форму «${form.name}»`} onClick={() => askDelete(form)}>
              <Icon name="trash" size={18} />
            </IconButton>
          </div>
        </li>
      ))}
    </ul>
  );
};
