import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_TIMEZONE, projectCreateBody } from '@crm/contract';
import { paths } from '@/lib/paths';
import { applyServerErrors } from '@/lib/form-errors';
import { timeZoneLabel } from '@/lib/time-zones';
import { useSession } from '@/lib/session-context';
import { Button } from '@/ui/button';
import { CardPage } from '@/ui/card-page';
import formStyles from '@/ui/form.module.css';
import { Input } from '@/ui/input';
import { useCreateProject } from '@/features/projects/api/create-project';

/** The browser's zone is the best first guess for a new project; settings can change it. */
const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
};

export const CreateProjectPage = () => {
  const navigate = useNavigate();
  const { projects, selectProject, signOut } = useSession();
  const createMutation = useCreateProject();
  const timezone = browserTimeZone();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(projectCreateBody), defaultValues: { name: '', timezone } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const project = await createMutation.mutateAsync(values);
      selectProject(project.id);
      navigate(paths.home, { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'timezone']);
    }
  });

  const hasProjects = (projects?.length ?? 0) > 0;
  return (
    <CardPage
      title="Новый проект"
      subtitle="Клиенты, напоминания и команда живут внутри проекта"
      footer={
        <span className={formStyles.footerLinks}>
          {hasProjects && (
            <Link to={paths.home} className={formStyles.link}>
              Вернуться к проекту
            </Link>
          )}
          {/* A user without projects has no header: this is his way out. */}
          <button type="button" className={formStyles.linkButton} onClick={signOut}>
            Выйти
          </button>
        </span>
      }
    >
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <Input
          label="Название проекта"
          placeholder="Например, Отдел продаж"
          limit={projectCreateBody.shape.name.maxLength ?? undefined}
          required
          autoFocus
          error={errors.name?.message}
          {...register('name')}
        />
        <p className={errors.timezone ? formStyles.error : formStyles.note}>
          {errors.timezone?.message ??
            `Часовой пояс: ${timeZoneLabel(timezone)}. Его можно изменить в настройках проекта.`}
        </p>
        <div className={formStyles.actions}>
          <Button type="submit" fullWidth loading={createMutation.isPending}>
            Создать проект
          </Button>
        </div>
      </form>
    </CardPage>
  );
};
