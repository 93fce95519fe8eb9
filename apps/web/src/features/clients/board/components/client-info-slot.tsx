import { useClientsLive } from '@/features/clients/board/api/use-clients-live';
import { useSession } from '@/lib/session-context';
import { ClientInfo } from './client-info';

/**
 * The 'client-info' slot: the client's info for another feature ('Подробнее о клиенте' in a
 * reminder's details), without the edit and notes buttons of the board's panel; kept up to date
 * as the client changes elsewhere.
 */
const ClientInfoSlot = ({ clientId }: { clientId: number }) => {
  const { projectId } = useSession();
  useClientsLive(projectId ?? 0);
  return <ClientInfo clientId={clientId} />;
};

export default ClientInfoSlot;
