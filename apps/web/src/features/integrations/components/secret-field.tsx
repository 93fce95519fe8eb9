import { toast } from 'react-toastify';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import styles from './integrations.module.css';

/** A secret shown once (a key, a signing secret): read-only, selected on focus, with 'Копировать'. */
export const SecretField = ({ label, value }: { label: string; value: string }) => {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Скопировано');
    } catch {
      toast.error('Не удалось скопировать: выделите текст и скопируйте вручную');
    }
  };
  return (
    <div className={styles.secret}>
      <Input label={label} value={value} readOnly data-autofocus onFocus={(event) => event.currentTarget.select()} />
      <Button variant="secondary" onClick={() => void copy()}>
        <Icon name="copy" size={18} />
        Копировать
      </Button>
    </div>
  );
};
