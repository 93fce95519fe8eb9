import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ClientExportQuery } from '@crm/contract';
import { errorToastMessage } from '@/lib/api-error';
import { useSession } from '@/lib/session-context';
import { buttonClass, ButtonSpinner } from '@/ui/button';
import { Dropdown, DropdownItem } from '@/ui/dropdown';
import { Icon } from '@/ui/icons';
import { EXPORT_FAILED, exportClients } from '../api/export-clients';

type ExportMenuProps = {
  /** The list's filters as the export takes them; the file holds what the list shows. */
  query: Omit<ClientExportQuery, 'format'>;
};

const FORMATS = [
  { format: 'xlsx', label: 'Excel (.xlsx)' },
  { format: 'csv', label: 'CSV для Excel (.csv)' },
] as const;

/**
 * 'Экспорт' (docs/product.md §4.8 "Export"): the list as it is filtered, as XLSX or CSV. The
 * server writes the file as it reads the clients; the button waits until the browser has it.
 */
export const ExportMenu = ({ query }: ExportMenuProps) => {
  const { projectId } = useSession();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'xlsx' | 'csv') => {
    if (projectId === null) return;
    setBusy(true);
    try {
      await exportClients(projectId, { ...query, format });
    } catch (error) {
      toast.error(errorToastMessage(error, EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };
  if (busy) {
    return (
      <button type="button" className={buttonClass('secondary')} disabled aria-busy="true">
        <ButtonSpinner />
        Готовим файл…
      </button>
    );
  }
  return (
    <Dropdown
      align="end"
      triggerClassName={buttonClass('secondary')}
      trigger={
        <>
          <Icon name="download" size={18} />
          Экспорт
        </>
      }
    >
      {(close) =>
        FORMATS.map(({ format, label }) => (
          <DropdownItem
            key={format}
            onSelect={() => {
              close();
              void run(format);
            }}
          >
            {label}
          </DropdownItem>
        ))
      }
    </Dropdown>
  );
};
