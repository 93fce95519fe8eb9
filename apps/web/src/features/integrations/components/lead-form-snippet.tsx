import { leadFormsEndpoints, pathOf, type LeadForm } from '@crm/contract';
import { Button } from '@/ui/button';
import formStyles from '@/ui/form.module.css';
import { CopyButton } from './secret-field';
import styles from './integrations.module.css';

/** 'Код для сайта': the snippet to paste, and the plain POST for a site that sends the form itself. */
export const LeadFormSnippet = ({ form, onDone }: { form: LeadForm; onDone: () => void }) => {
  const origin = window.location.origin;
  const formUrl = `${origin}/api/v1${pathOf(leadFormsEndpoints.show, { key: form.public_key })}`;
  const snippet = `<div data-crm-lead-form="${form.public_key}"></div>\n<script src="${formUrl}/embed.js" async></script>`;
  return (
    <div className={formStyles.form}>
      <p>
        Вставьте этот код в страницу сайта там, где должна быть форма. Сайт должен быть в списке сайтов формы:{' '}
        {form.origins.join(', ')}.
      </p>
      <pre className={styles.code} data-testid="lead-form-snippet">
        {snippet}
      </pre>
      <div>
        <CopyButton value={snippet} label="Копировать код" />
      </div>
      <p className={formStyles.note}>
        Сайт, который отправляет заявки сам: GET {formUrl} отдаёт поля и token, затем POST {formUrl}/submissions с JSON
        {' {"name", "last_name", "fields": [{"field_id", "value"}], "token"}'} — не раньше, чем пройдёт min_fill_ms из ответа GET.
      </p>
      <div className={styles.doneActions}>
        <Button onClick={onDone}>Готово</Button>
      </div>
    </div>
  );
};
