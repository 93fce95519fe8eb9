import { useLinkedMembers } from '../api/telegram-link';
import styles from './member-telegram-mark.module.css';

/** 'Telegram' beside a member who linked his Telegram for notices (the team's list, admins). */
const MemberTelegramMark = ({ projectId, userId }: { projectId: number; userId: number }) => {
  const linked = useLinkedMembers(projectId);
  const member = linked.data?.members.find((m) => m.user_id === userId);
  if (!member) return null;
  const title = `Уведомления приходят в Telegram${member.username ? ` @${member.username}` : ''}`;
  return (
    <span className={styles.mark} title={title} data-testid="member-telegram">
      Telegram
      <span className="visually-hidden">: {title.toLowerCase()}</span>
    </span>
  );
};
export default MemberTelegramMark;
