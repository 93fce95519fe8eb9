import { isApiError } from '@/lib/api-error';

/** Why an invitation link cannot be used (docs/product.md §4.4). */
export type InvitationProblem = 'accepted' | 'revoked' | 'expired' | 'unknown';

const NOT_FOUND = 'Приглашение не найдено: проверьте ссылку из письма';

/**
 * The case, read from the server's 404 message (it names it: 'уже принято', 'отозвано…',
 * 'Срок действия… истёк…'); anything else, a malformed link included, is an unknown invitation.
 */
export const invitationProblem = (error: unknown): { kind: InvitationProblem; message: string } => {
  if (!isApiError(error) || error.status !== 404 || error.message.trim() === '') {
    return { kind: 'unknown', message: NOT_FOUND };
  }
  const { message } = error;
  const kind: InvitationProblem = /принят/i.test(message)
    ? 'accepted'
    : /отозван/i.test(message)
      ? 'revoked'
      : /ист[её]к/i.test(message)
        ? 'expired'
        : 'unknown';
  return { kind, message };
};

/** What the person can do about it, one sentence per case. */
export const invitationProblemAdvice: Record<InvitationProblem, string> = {
  accepted: 'Если приглашение приняли вы, войдите в аккаунт — проект уже в вашем списке.',
  revoked: 'Если вы всё ещё нужны в проекте, попросите его администратора прислать новое приглашение.',
  expired: 'Новое приглашение придёт письмом на тот же адрес, и ссылка из него будет действовать 7 дней.',
  unknown: 'Если ссылка открыта целиком, как в письме, попросите администратора проекта прислать новое приглашение.',
};
