import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PHONE_COUNTRY, type PhoneCountry } from '@crm/contract';
import { projectQueryOptions } from '@/lib/project-time-zone';
import { useSession } from '@/lib/session-context';

/**
 * The project's phone country (its settings): the client form's phone picker starts there, as
 * the server reads a number written without its country code as one of its. The default country
 * until the project is known, without a toast, as the time zone (project-time-zone.ts).
 */
export const useProjectPhoneCountry = (): PhoneCountry => {
  const { projectId } = useSession();
  const project = useQuery({
    ...projectQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
    staleTime: 5 * 60_000,
    meta: {},
  });
  return project.data?.phone_country ?? DEFAULT_PHONE_COUNTRY;
};
