import { toast } from 'react-toastify';
import { Button } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { Input } from '@/ui/input';
import styles from './integrations.module.css';

/** 'Копировать': the text to the clipboard, or a word on how to copy it by hand. */
export const CopyButton = ({ value, label = 'Копировать' }: { value: string; label?: string }) => {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Скопировано');
    } catch {
      toast.error('Не удалось скопировать: выделите текст и скопируйте вручную');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      <Icon name="copy" size={18} />
      {label}
    </Button>
  );
};

/** A secret shown once (a key, a signing secret): read-only, selected on focus, with 'Копировать'. */
export const SecretField = ({ label, value }: { label: string; value: string }) => (
  <div className={styles.secret}>
    <Input label={label} value={value} readOnly data-autofocus onFocus={(event) => event.currentTarget.select()} />
    <CopyButton value={value} />
  </div>
);
