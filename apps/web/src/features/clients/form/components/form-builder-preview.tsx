import { useForm } from 'react-hook-form';
import type { FormGroup } from '@crm/contract';
import { ClientFormFields } from '@/features/clients/board/components/client-form-fields';
import styles from './form-builder.module.css';

/**
 * The form as a manager will fill it, redrawn as the builder changes (phone country 'BE', as in
 * the product's builder). Values typed here are not kept anywhere.
 */
export const FormPreview = ({ groups }: { groups: FormGroup[] }) => {
  const form = useForm<Record<string, string>>({ mode: 'onTouched' });
  const hasFields = groups.some((g) => g.fields.length > 0);
  return (
    <aside className={styles.preview} aria-labelledby="form-preview-title" data-testid="form-preview">
      <h2 id="form-preview-title" className={styles.previewTitle}>
        Предпросмотр
      </h2>
      <p className={styles.previewText}>Так поля увидят менеджеры в карточке клиента.</p>
      {hasFields ? (
        <form className={styles.previewForm} onSubmit={(event) => event.preventDefault()} noValidate>
          <ClientFormFields groups={groups} form={form} phoneCountry="BE" />
        </form>
      ) : (
        <p className={styles.previewEmpty}>Добавьте поля — они появятся здесь.</p>
      )}
    </aside>
  );
};
