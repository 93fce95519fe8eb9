import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { projectSettingsForm, type Project } from '@crm/contract';
import { phoneCountryOptions } from '@/lib/country-names';
import { applyServerErrors } from '@/lib/form-errors';
import { projectSettingTabs } from '@/lib/project-setting-tabs';
import { useAdminProjectId } from '@/lib/session-context';
import { timeInZone, timeZoneOptions } from '@/lib/time-zones';
import { Button } from '@/ui/button';
import { Card, CardTitle } from '@/ui/card';
import { LoadError } from '@/ui/empty-state';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { PageHeader } from '@/ui/page-header';
import { PageTabs } from '@/ui/page-tabs';
import { Select } from '@/ui/select';
import { Skeleton } from '@/ui/skeleton';
import { useProject } from '@/features/projects/api/get-project';
import { useUpdateProject } from '@/features/projects/api/update-project';
import styles from './project-setting-page.module.css';

export const PROJECT_SAVED = 'Настройки проекта сохранены!';
/** The length the schema allows, shown by the field's counter. */
const NAME_LIMIT = projectSettingsForm.shape.name.maxLength ?? undefined;

/** /project-setting (admins): the project's name, time zone and phone country, PUT /projects/{id}. */
export const ProjectSettingPage = () => {
  const projectId = useAdminProjectId();
  const projectQuery = useProject(projectId);

  return (
    <>
      <PageHeader title="Настройки проекта" />
      <PageTabs label="Разделы настроек" tabs={projectSettingTabs} />
      {projectQuery.isError ? (
        <LoadError
          text="Не удалось загрузить настройки проекта."
          onRetry={() => void projectQuery.refetch()}
        />
      ) : (
        <Card className={styles.card} aria-labelledby="project-settings-title">
          <CardTitle id="project-settings-title">Основное</CardTitle>
          <p className={styles.text}>
            Часовой пояс задаёт, когда у проекта начинается день: по нему считаются даты напоминаний и
            статистика.
          </p>
          {projectQuery.data ? (
            <ProjectSettingsForm key={projectQuery.dataUpdatedAt} project={projectQuery.data} />
          ) : (
            <div className={styles.skeleton} aria-hidden="true" data-testid="project-settings-skeleton">
              <Skeleton width={120} height={14} />
              <Skeleton height={40} />
              <Skeleton width={120} height={14} />
              <Skeleton height={40} />
              <Skeleton width={120} height={14} />
              <Skeleton height={40} />
            </div>
          )}
        </Card>
      )}
    </>
  );
};

const ProjectSettingsForm = ({ project }: { project: Project }) => {
  const updateMutation = useUpdateProject(project.id);
  const zones = useMemo(() => timeZoneOptions(project.timezone), [project.timezone]);
  const countries = useMemo(phoneCountryOptions, []);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(projectSettingsForm),
    defaultValues: { name: project.name, timezone: project.timezone, phone_country: project.phone_country },
  });

  const now = timeInZone(watch('timezone'));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateMutation.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'timezone', 'phone_country']);
      return;
    }
    toast.success(PROJECT_SAVED);
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <Input
        label="Название проекта"
        required
        limit={NAME_LIMIT}
        error={errors.name?.message}
        {...register('name')}
      />
      <Select
        label="Часовой пояс"
        required
        error={errors.timezone?.message}
        hint={`${now ? `Сейчас там ${now}. ` : ''}Смещение от UTC указано на сегодня, с учётом летнего времени.`}
        {...register('timezone')}
      >
        {zones.map((zone) => (
          <option key={zone.value} value={zone.value}>
            {zone.label}
          </option>
        ))}
      </Select>
      <Select
        label="Страна для номеров без кода"
        required
        error={errors.phone_country?.message}
        hint="Номер, записанный без кода страны (например, 8 999 123-45-67 или 050 123 45 67), читается как номер этой страны."
        {...register('phone_country')}
      >
        {countries.map((country) => (
          <option key={country.value} value={country.value}>
            {country.label}
          </option>
        ))}
      </Select>
      <div className={styles.actions}>
        <Button type="submit" disabled={!isDirty} loading={updateMutation.isPending}>
          Сохранить
        </Button>
      </div>
    </form>
  );
};
