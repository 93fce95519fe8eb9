import { ClientInfo } from './client-info';

/**
 * The 'client-info' slot: the client's info for another feature ('Подробнее о клиенте' in a
 * reminder's details), without the edit and notes buttons of the board's panel.
 */
const ClientInfoSlot = ({ clientId }: { clientId: number }) => <ClientInfo clientId={clientId} />;

export default ClientInfoSlot;
