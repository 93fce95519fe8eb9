import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';
import { showToast } from '@/ui/toast-on-demand';
import { useLiveEvent } from '@/lib/live/live-events';

/**
 * An admin removed the person from a project (the live event `membership.ended`): he is told,
 * once, and a page of that project takes him to a project he still has (start-up picks it: the
 * remembered one is gone from his list), or to creating one when none is left. The toast's code
 * loads only then: the layout's first paint goes without it.
 */
export const MembershipEnded = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { projectId } = useSession();
  useLiveEvent('membership.ended', ({ payload }) => {
    void showToast(
      'info',
      `Вы больше не участник проекта «${payload.project_name}»: администратор удалил вас из команды.`,
      `membership-ended-${payload.project_id}`,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects() });
    if (payload.project_id === projectId) {
      queryClient.removeQueries({ queryKey: queryKeys.project(payload.project_id) });
      void navigate(paths.home, { replace: true });
    }
  });
  return null;
};
